import type { APIRoute } from 'astro';
import { requestMeta } from '~/server/auth/http';
import { checkoutRequestSchema, openCheckout } from '~/server/payments/checkout';

/** Opens a checkout for the signed-in user. The price comes from the server's plan only. */
export const POST: APIRoute = async ({ request, locals, clientAddress }) => {
	const user = locals.user;
	if (!user)
		return Response.json({ error: 'unauthorized', message: 'Log in first' }, { status: 401 });
	const body: unknown = await request.json().catch(() => undefined);
	const parsed = checkoutRequestSchema.safeParse(body);
	if (!parsed.success) {
		return Response.json(
			{ error: 'invalid_request', message: 'Invalid checkout request' },
			{ status: 400 },
		);
	}
	const result = await openCheckout(user, parsed.data, requestMeta(request, clientAddress).ip);
	if (!result.ok)
		return Response.json(
			{ error: result.error, message: result.error },
			{
				status: result.status,
				headers: result.status === 429 ? { 'Retry-After': String(result.retryAfter) } : {},
			},
		);
	return Response.json(
		{ checkoutId: result.checkoutId, redirectUrl: result.redirectUrl },
		{ status: result.reused ? 200 : 201, headers: { 'Cache-Control': 'no-store' } },
	);
};
