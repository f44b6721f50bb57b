import type { APIRoute } from 'astro';
import { requireCaller } from '~/server/auth/guard';
import { requestMeta } from '~/server/auth/http';
import { parseBody } from '~/server/auth/responses';
import { checkoutFormOutcome } from '~/server/payments/checkout-form';
import { checkoutRequestSchema, openCheckout } from '~/server/payments/checkout';

/** Opens a checkout for the signed-in user. The price comes from the server's plan only. */
export const POST: APIRoute = async ({ request, locals, clientAddress }) => {
	// A plain form post (JavaScript off, or the match page's "watch this match" button):
	// answered with 303 redirects, to the provider's page or back with the error.
	if (/^application\/x-www-form-urlencoded/i.test(request.headers.get('content-type') ?? '')) {
		const outcome = await checkoutFormOutcome(
			request,
			locals,
			requestMeta(request, clientAddress).ip,
		);
		if (outcome.status === 403)
			return Response.json({ error: 'forbidden', message: 'Cross-site request' }, { status: 403 });
		return new Response(null, {
			status: 303,
			headers: { Location: outcome.location, 'Cache-Control': 'no-store' },
		});
	}
	// Signed in, and (with cookies) from our own pages: the same check as every other
	// cookie-authenticated write.
	const caller = requireCaller(request, locals);
	if (caller instanceof Response) return caller;
	// Size-capped, JSON only, every field named when it is refused (NUL bytes included).
	const parsed = await parseBody(request, checkoutRequestSchema);
	if (!parsed.ok) return parsed.response;
	// The client address counts wrong offer codes (finding 14).
	const result = await openCheckout(
		caller.user,
		parsed.data,
		requestMeta(request, clientAddress).ip,
	);
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
