import type { APIRoute } from 'astro';
import { requireCaller } from '~/server/auth/guard';
import { requestMeta } from '~/server/auth/http';
import { parseBody } from '~/server/auth/responses';
import { checkoutRequestSchema, openCheckout } from '~/server/payments/checkout';

/** Opens a checkout for the signed-in user. The price comes from the server's plan only. */
export const POST: APIRoute = async ({ request, locals, clientAddress }) => {
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
