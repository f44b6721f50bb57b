import {
	builderFieldShown,
	DEFAULT_ACCENT,
	EMBED_KINDS,
	type EmbedKind,
	embedPath,
	embedSnippet,
	type Theme,
} from '~/lib/embed';

/**
 * The builder's live behaviour: the preview, its address, the code and the shareable link
 * follow the form as it changes (the same `embedPath`/`embedSnippet` the server uses);
 * fields that do not apply to the chosen kind hide; the search boxes narrow the long
 * selects. Without it, the form's submit button does the same through the server.
 */
const form = document.querySelector<HTMLFormElement>('#widget-builder');
if (form) {
	const origin = form.dataset.origin ?? location.origin;
	const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T | null;
	const value = (name: string) => {
		const el = form.elements.namedItem(name) as HTMLInputElement | HTMLSelectElement | null;
		return el?.value.trim() || undefined;
	};
	const update = () => {
		const kindValue = value('kind') ?? 'lineup';
		const kind = (EMBED_KINDS as readonly string[]).includes(kindValue)
			? (kindValue as EmbedKind)
			: 'lineup';
		for (const label of form.querySelectorAll<HTMLElement>('[data-for]'))
			label.hidden = !builderFieldShown(kind, label.dataset.for ?? '');
		// A kind that cannot do without a subject gets the first one offered (as the server does).
		const pickFirst = (name: string) => {
			const select = form.querySelector<HTMLSelectElement>(`select[name="${name}"]`);
			const first = select && [...select.options].find((o) => o.value);
			if (select && first && !select.value) select.value = first.value;
		};
		if (kind === 'table') pickFirst('competition');
		if (kind === 'form' || (kind === 'fixtures' && !value('competition'))) pickFirst('team');
		const accent = value('accent')?.replace('#', '');
		const width = Math.min(1600, Math.max(200, Number(value('width')) || 480));
		const path = embedPath(value('lang') ?? 'en', {
			kind,
			match: value('match'),
			competition: value('competition'),
			team: value('team'),
			season: value('season'),
			group: value('group'),
			theme: (value('theme') ?? 'auto') as Theme,
			accent: accent === DEFAULT_ACCENT ? undefined : accent,
		});
		const preview = $<HTMLIFrameElement>('widget-preview');
		const address = $<HTMLAnchorElement>('widget-address');
		const code = $<HTMLTextAreaElement>('widget-code');
		const title = form.querySelector<HTMLSelectElement>('[name="kind"]')?.selectedOptions[0]?.text;
		if (path) {
			if (preview && preview.getAttribute('src') !== path) preview.src = path;
			if (preview) preview.style.maxWidth = `${width}px`;
			if (address) {
				address.href = path;
				address.textContent = origin + path;
			}
			if (code) code.value = embedSnippet(origin, path, width, `Matchday: ${title ?? kind}`);
		}
		const share = new URLSearchParams();
		for (const [k, v] of new FormData(form)) if (typeof v === 'string' && v) share.set(k, v);
		const href = `${location.pathname}?${share}`;
		history.replaceState(null, '', href);
		const link = $<HTMLAnchorElement>('widget-share');
		if (link) link.href = href;
	};
	form.addEventListener('change', update);
	form.addEventListener('input', (e) => {
		const box = e.target as HTMLInputElement;
		if (!box.classList.contains('filter')) return;
		const select = form.querySelector<HTMLSelectElement>(`[name="${box.dataset.filters}"]`);
		const needle = box.value.trim().toLocaleLowerCase();
		if (!select) return;
		let first: HTMLOptionElement | null = null;
		for (const option of select.options) {
			const hit = !needle || option.text.toLocaleLowerCase().includes(needle);
			option.hidden = !hit && option.value !== '';
			if (hit && needle && option.value && !first) first = option;
		}
		for (const group of select.querySelectorAll('optgroup'))
			group.hidden = [...group.querySelectorAll('option')].every((o) => o.hidden);
		if (first && select.selectedOptions[0]?.hidden !== false) {
			select.value = first.value;
			update();
		}
	});
	update();
}
