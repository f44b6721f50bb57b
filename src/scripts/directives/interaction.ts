import type { ClientDirective } from 'astro';

/**
 * `client:interaction`: hydrates the island when the visitor first reaches for it (pointer
 * over or down, touch, keyboard focus or a key), which comes before the click itself. For a
 * control whose server HTML works until then (the alerts bell is a native <details>): its
 * script is not part of the page's first load.
 */
const INTERACTIONS = ['pointerover', 'pointerdown', 'touchstart', 'focusin', 'keydown'];

const interaction: ClientDirective = (load, _options, el) => {
	let done = false;
	const go = () => {
		if (done) return;
		done = true;
		for (const type of INTERACTIONS) el.removeEventListener(type, go);
		void load().then((hydrate) => hydrate());
	};
	for (const type of INTERACTIONS) el.addEventListener(type, go, { passive: true });
};

export default interaction;
