import type { APIRoute } from 'astro';
import { can } from '~/lib/cms/roles';
import { visitorCountry } from '~/server/streams/country';
import { serveMedia } from '~/server/streams/media';

/** Signed HLS manifests and segments: each request is checked against its viewer. */
export const GET: APIRoute = async ({ params, url, locals, request, clientAddress }) => {
	const result = await serveMedia({
		streamId: params.stream ?? '',
		file: params.file ?? '',
		exp: url.searchParams.get('exp'),
		sig: url.searchParams.get('sig'),
		userId: locals.user?.id ?? null,
		country: visitorCountry(clientAddress, request.headers),
		...(url.searchParams.get('preview') === '1'
			? {
					preview: {
						staffId:
							locals.cms && can(locals.cms.user.scope, 'streams.edit') ? locals.cms.user.id : null,
					},
				}
			: {}),
	});
	if (result.status === 302 && result.location)
		return new Response(null, {
			status: 302,
			headers: { Location: result.location, 'Cache-Control': 'no-store' },
		});
	if (result.status !== 200)
		return new Response(null, { status: result.status, headers: { 'Cache-Control': 'no-store' } });
	return new Response(result.body as BodyInit, {
		status: 200,
		// Private: the URL is signed for one viewer, no shared cache may keep it.
		headers: {
			'Content-Type': result.contentType ?? 'application/octet-stream',
			'Cache-Control': result.cacheControl ?? 'private, no-cache',
		},
	});
};
