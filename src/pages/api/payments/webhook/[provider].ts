import type { APIRoute } from 'astro';
import { MAX_BODY_BYTES } from '~/lib/limits';
import { readLimited } from '~/server/auth/http';
import { receiveWebhook } from '~/server/payments/webhook';

/**
 * Provider webhooks. The body is read as raw text: the signature covers the exact bytes,
 * so it must be verified before (and instead of) any JSON re-serialisation. It is counted
 * while it streams: a chunked body has no Content-Length for the middleware to refuse.
 */
export const POST: APIRoute = async ({ request, params }) => {
	const raw = await readLimited(request, MAX_BODY_BYTES);
	if (raw === null) {
		return Response.json(
			{ error: 'payload_too_large', message: 'Request body too large' },
			{ status: 413, headers: { 'Cache-Control': 'no-store' } },
		);
	}
	const result = await receiveWebhook(params.provider ?? '', raw, request.headers);
	return Response.json(result.body, {
		status: result.status,
		headers: { 'Cache-Control': 'no-store' },
	});
};
