import type { APIRoute } from 'astro';
import { requireCaller } from '~/server/auth/guard';
import { requestMeta } from '~/server/auth/http';
import { parseBody } from '~/server/auth/responses';
import { checkoutFormOutcome } from '~/server/payments/checkout-form';
import { checkoutRequestSchema, openCheckout } from '~/server/payments/checkout';
import { checkoutAnswer, seeOther } from '~/server/payments/idempotent-writes';
import { idempotentAfter, readClaim } from '~/server/http/idempotency';

/**
 * Opens a checkout for the signed-in user. The price comes from the server's plan only. An
 * `Idempotency-Key` (header, or the form's hidden field) makes a repeat answer as the first.
 */
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
		if (outcome.status !== 303) return outcome.response;
		return seeOther(outcome.location);
	}
	// Signed in, and (with cookies) from our own pages: the same check as every other
	// cookie-authenticated write.
	const caller = requireCaller(request, locals);
	if (caller instanceof Response) return caller;
	// Size-capped, JSON only, every field named when it is refused (NUL bytes included).
	const parsed = await parseBody(request, checkoutRequestSchema);
	if (!parsed.ok) return parsed.response;
	// One key per intent (issue 28/2): a retry after a lost answer gets the first answer.
	const claim = readClaim(request, caller.user, parsed.data);
	if (!claim.ok) return claim.response;
	// The client address counts wrong offer codes (finding 14).
	return idempotentAfter(claim.claim, async () =>
		checkoutAnswer(
			await openCheckout(caller.user, parsed.data, requestMeta(request, clientAddress).ip),
		),
	);
};
