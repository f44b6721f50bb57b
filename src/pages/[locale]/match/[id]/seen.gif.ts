import type { APIRoute } from 'astro';
import { countMatchView, VIEW_PIXEL } from '~/server/football/page-views';

/**
 * The match centre's view beacon: an `<img>` on the page, so a view is counted on the
 * server even when the page itself came from the route cache, and without JavaScript.
 * Crawlers (by User-Agent) and unknown ids are not counted; the answer is always the same
 * 1×1 GIF and never cached.
 */
export const GET: APIRoute = ({ params, request }) => {
	if (params.id && /^\d{1,9}$/.test(params.id))
		countMatchView(Number(params.id), request.headers.get('user-agent'));
	return new Response(VIEW_PIXEL, {
		headers: {
			'Content-Type': 'image/gif',
			'Cache-Control': 'no-store',
			'X-Robots-Tag': 'noindex',
		},
	});
};
