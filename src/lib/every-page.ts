/**
 * Runs `setup` for the page now, and again for each page the client router swaps in
 * (interactive pages navigate without reloading, so a module's top level runs only once).
 * On pages without the router the event never comes: the first call is all there is.
 */
export function everyPage(setup: () => void): void {
	setup();
	document.addEventListener('astro:after-swap', setup);
}
