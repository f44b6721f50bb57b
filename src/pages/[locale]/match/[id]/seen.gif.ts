import type { APIRoute } from 'astro';
import { requestMeta } from '~/server/auth/http';
import { countMatchView, VIEW_PIXEL } from '~/server/football/page-views';

/**
 * The match centre's view beacon: an `<img>` on the page, so a view is counted on the
 * server even when the page itself came from the route cache, and without JavaScript.
 * Counted once per client and match in a window, never for crawlers, cookie-less clients
 * or unknown ids; the answer is always the same 1×1 GIF and never cached.
 */
export const GET: APIRoute = ({ params, request, clientAddress }) => {
	if (params.id && /^\d{1,9}$/.test(params.id)) {
		const { ip, userAgent } = requestMeta(request, clientAddress);
		countMatchView(Number(params.id), {
			userAgent: userAgent || null,
			cookie: request.headers.get('cookie'),
			client: ip,
		});
	}
	return new Response(VIEW_PIXEL, {
		headers: {
			'Content-Type': 'image/gif',
			'Cache-Control': 'no-store',
			'X-Robots-Tag': 'noindex',
		},
	});
};
