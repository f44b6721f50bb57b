/** A one-line endpoint: nothing to render, nothing to load. */
export const GET = () =>
	new Response('User-agent: *\nAllow: /\n', {
		headers: { 'Content-Type': 'text/plain; charset=utf-8' },
	});
