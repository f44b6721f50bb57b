import type { APIRoute } from 'astro';
import { z } from 'zod';
import { safeRedirect } from '~/lib/safe-redirect';
import { idempotentPure } from '~/server/http/idempotency';
import { dismissMaxAge, REMINDER_COOKIE } from '~/server/payments/billing';
import { formClaim, seeOther } from '~/server/payments/idempotent-writes';

const form = z.object({
	key: z.string().regex(/^\d{1,12}-\d{1,12}$/),
	next: z.string().max(2048).default('/'),
});

/**
 * Dismisses the expiry reminder until the plan's end (a cookie; no JavaScript needed). A
 * repeat under the form's `idempotencyKey` sets the same cookie again (the answer is the
 * request's alone); the key cannot stand for another dismissal (issue 28/2).
 */
export const POST: APIRoute = async ({ request, cookies, url, locals }) => {
	const fields = Object.fromEntries(await request.formData().catch(() => new FormData()));
	const claim = locals.user
		? formClaim(request, locals.user, fields)
		: ({ ok: true, claim: null } as const);
	if (!claim.ok) return claim.response;
	return idempotentPure(claim.claim, async () => {
		const parsed = form.safeParse(fields);
		if (!parsed.success)
			return Response.json(
				{ error: 'invalid_request', message: 'Invalid request' },
				{ status: 400 },
			);
		cookies.set(REMINDER_COOKIE, parsed.data.key, {
			path: '/',
			httpOnly: true,
			sameSite: 'lax',
			secure: url.protocol === 'https:',
			maxAge: dismissMaxAge(parsed.data.key),
		});
		return seeOther(safeRedirect(parsed.data.next, '/'));
	});
};
