import type { APIRoute } from 'astro';
import { checkoutRequestSchema, openCheckout } from '~/server/payments/checkout';

/** Opens a checkout for the signed-in user. The price comes from the server's plan only. */
export const POST: APIRoute = async ({ request, locals }) => {
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
	const result = await openCheckout(user, parsed.data);
	if (!result.ok)
		return Response.json({ error: result.error, message: result.error }, { status: result.status });
	return Response.json(
		{ checkoutId: result.checkoutId, redirectUrl: result.redirectUrl },
		{ status: result.reused ? 200 : 201, headers: { 'Cache-Control': 'no-store' } },
	);
};
