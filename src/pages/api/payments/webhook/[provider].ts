import type { APIRoute } from 'astro';
import { receiveWebhook } from '~/server/payments/webhook';

/**
 * Provider webhooks. The body is read as raw text: the signature covers the exact bytes,
 * so it must be verified before (and instead of) any JSON re-serialisation.
 */
export const POST: APIRoute = async ({ request, params }) => {
	const raw = await request.text();
	const result = await receiveWebhook(params.provider ?? '', raw, request.headers);
	return Response.json(result.body, {
		status: result.status,
		headers: { 'Cache-Control': 'no-store' },
	});
};
