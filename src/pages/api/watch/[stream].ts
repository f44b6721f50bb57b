import type { APIRoute } from 'astro';
import { visitorCountry } from '~/server/streams/country';
import { watchAccess } from '~/server/streams/watch-view';

/**
 * This visitor's access to one stream and, when allowed, a playback URL signed for them.
 * The match centre (a cached page, the same for everyone) asks it from the browser.
 */
export const GET: APIRoute = async ({ params, locals, request, clientAddress }) => {
	const answer = await watchAccess(
		params.stream ?? '',
		locals.user?.id ?? null,
		visitorCountry(clientAddress, request.headers),
	);
	if (!answer)
		return Response.json(
			{ error: 'not_found', message: 'No such stream' },
			{ status: 404, headers: { 'Cache-Control': 'no-store' } },
		);
	return Response.json(answer, { headers: { 'Cache-Control': 'private, no-store' } });
};
