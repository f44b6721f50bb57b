import type { APIRoute } from 'astro';
import { z } from 'zod';
import { LOCALES } from '~/i18n/locales';
import { idempotentAfter } from '~/server/http/idempotency';
import { cancelSubscription } from '~/server/payments/billing';
import { formClaim, seeOther } from '~/server/payments/idempotent-writes';

const form = z.object({
	subscription: z.coerce.number().int().positive(),
	locale: z.enum(LOCALES).default('en'),
});

/**
 * The account page's cancel button (a plain form): cancel at period end, back to the
 * account. Its hidden `idempotencyKey` (or the header) makes a repeated post answer as the
 * first, without asking the provider again (issue 28/2).
 */
export const POST: APIRoute = async ({ request, locals }) => {
	const user = locals.user;
	if (!user)
		return Response.json({ error: 'unauthorized', message: 'Log in first' }, { status: 401 });
	const fields = Object.fromEntries(await request.formData().catch(() => new FormData()));
	const claim = formClaim(request, user, fields);
	if (!claim.ok) return claim.response;
	return idempotentAfter(claim.claim, async () => {
		const parsed = form.safeParse(fields);
		if (!parsed.success)
			return Response.json(
				{ error: 'invalid_request', message: 'Invalid request' },
				{ status: 400 },
			);
		const done = await cancelSubscription(user.id, parsed.data.subscription);
		return seeOther(`/${parsed.data.locale}/account?billing=${done ? 'canceled' : 'unchanged'}`);
	});
};
