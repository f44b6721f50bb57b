import { IDEMPOTENCY_FIELD } from '~/lib/idempotency';
import { type ClaimResult, readClaim } from '../http/idempotency';
import type { CheckoutResult } from './checkout';

/**
 * The members' payment writes under an `Idempotency-Key` (issue 28/2): checkout, cancel and
 * the reminder's dismissal. Scripts send the key as the header; plain forms (JavaScript
 * off) as the hidden field `idempotencyKey`, made when the form was rendered. The answers
 * are kept by src/server/http/idempotency.ts.
 */

/**
 * A form post's claim: the key from the header or the hidden field, over the other fields
 * (the key is not part of the request it stands for).
 */
export function formClaim(
	request: Request,
	user: { id: string },
	fields: Record<string, unknown>,
): ClaimResult {
	const { [IDEMPOTENCY_FIELD]: field, ...rest } = fields;
	const key =
		request.headers.get('idempotency-key') ?? (typeof field === 'string' && field ? field : null);
	return readClaim(request, user, rest, key);
}

/**
 * Seconds after which a refused checkout may be tried again, or null when the refusal
 * stands: too many codes tried (429), or a checkout another request is still opening. Such
 * an answer says "later", so it is not kept as the answer to the key.
 */
export function retryAfterOf(result: CheckoutResult): number | null {
	if (result.ok) return null;
	if (result.status === 429) return result.retryAfter;
	return result.error === 'checkout_in_progress' ? 1 : null;
}

/** The JSON answer to a checkout. */
export function checkoutAnswer(result: CheckoutResult): Response {
	if (result.ok)
		return Response.json(
			{ checkoutId: result.checkoutId, redirectUrl: result.redirectUrl },
			{ status: result.reused ? 200 : 201, headers: { 'Cache-Control': 'no-store' } },
		);
	const retryAfter = retryAfterOf(result);
	return Response.json(
		{ error: result.error, message: result.error },
		{
			status: result.status,
			headers: {
				'Cache-Control': 'no-store',
				...(retryAfter === null ? {} : { 'Retry-After': String(retryAfter) }),
			},
		},
	);
}

/** A 303 to `location`, as the plain forms are answered. */
export function seeOther(location: string): Response {
	return new Response(null, {
		status: 303,
		headers: { Location: location, 'Cache-Control': 'no-store' },
	});
}
