/**
 * Marks a page served from the worker's cache: every page carries a hidden
 * `<p id="saved-copy" hidden data-text="… {{time}} …">` (src/layouts/Base.astro); when the copy
 * is used offline the worker shows it, with the time the copy was made in the page's own
 * language. The time is the response's Date header (set by the server when it answered).
 */
const MARKER = /<p id="saved-copy" class="saved-copy" hidden data-text="([^"]*)"><\/p>/;

export async function markSavedCopy(response: Response | undefined): Promise<Response | undefined> {
	if (!response || !(response.headers.get('content-type') ?? '').includes('text/html')) {
		return response;
	}
	const html = await response.text();
	const savedAt = new Date(response.headers.get('date') ?? Number.NaN);
	const lang = /<html lang="([^"]+)"/.exec(html)?.[1] ?? 'en';
	const known = !Number.isNaN(savedAt.getTime());
	const time = known
		? new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short' }).format(savedAt)
		: '?';
	const marked = html.replace(
		MARKER,
		(_all, text: string) =>
			`<p id="saved-copy" class="saved-copy" role="status" data-saved-at="${known ? savedAt.toISOString() : ''}">${text.replace('{{time}}', escapeHtml(time))}</p>`,
	);
	return new Response(marked, {
		status: response.status,
		statusText: response.statusText,
		headers: response.headers,
	});
}

function escapeHtml(text: string): string {
	return text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
}
