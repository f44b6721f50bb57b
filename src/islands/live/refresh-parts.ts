/**
 * Parts of a followed match page that are static HTML (the line-ups pitch, the kick-off line)
 * are fetched again when the stream says they changed (line-ups published, a new kick-off
 * time) and swapped in place: the page's own markup, with its styles, rather than a second
 * rendering of it in an island. Elements are paired by their `data-refresh` name. The page
 * may be served from a cache that the change has not reached yet: it is asked again, a few
 * times, until the part differs.
 */
const TRIES = 3;
const GAP_MS = 1200;

export async function refreshParts(url: string, names: readonly string[]): Promise<void> {
	const before = new Map(names.map((n) => [n, partOf(document, n)?.innerHTML ?? null]));
	for (let attempt = 0; attempt < TRIES; attempt++) {
		if (attempt > 0) await new Promise((r) => setTimeout(r, GAP_MS));
		let html: string;
		try {
			const response = await fetch(url, { cache: 'no-store', credentials: 'same-origin' });
			if (!response.ok) continue;
			html = await response.text();
		} catch {
			continue;
		}
		const fresh = new DOMParser().parseFromString(html, 'text/html');
		let changed = false;
		for (const name of names) {
			const mine = partOf(document, name);
			const theirs = partOf(fresh, name);
			if (!mine || !theirs || theirs.innerHTML === before.get(name)) continue;
			mine.innerHTML = theirs.innerHTML;
			changed = true;
		}
		if (changed) return;
	}
}

function partOf(doc: Document, name: string): HTMLElement | null {
	return doc.querySelector<HTMLElement>(`[data-refresh="${CSS.escape(name)}"]`);
}
