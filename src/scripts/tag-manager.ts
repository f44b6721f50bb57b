/** Loads Google Tag Manager into Partytown's worker, late, so it never slows the page. */
export const GTM_DELAY_MS = 3500;

const id = document.querySelector<HTMLMetaElement>('meta[name="gtm-id"]')?.content;
if (id) {
	let loaded = false;
	const load = () => {
		if (loaded) return;
		loaded = true;
		const w = window as unknown as { dataLayer: unknown[] };
		w.dataLayer = w.dataLayer || [];
		w.dataLayer.push({ 'gtm.start': Date.now(), event: 'gtm.js' });
		const script = document.createElement('script');
		script.type = 'text/partytown';
		script.src = `https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(id)}`;
		document.head.append(script);
		window.dispatchEvent(new CustomEvent('ptupdate'));
	};
	const onFirst = () => load();
	for (const type of ['scroll', 'mousemove', 'touchstart']) {
		addEventListener(type, onFirst, { once: true, passive: true });
	}
	addEventListener('load', () => setTimeout(load, GTM_DELAY_MS), { once: true });
}
