import type { APIRoute } from 'astro';
import { z } from 'zod';
import { LOCALES } from '~/i18n/locales';
import { cancelSubscription } from '~/server/payments/billing';

const form = z.object({
	subscription: z.coerce.number().int().positive(),
	locale: z.enum(LOCALES).default('en'),
});

/** The account page's cancel button (a plain form): cancel at period end, back to the account. */
export const POST: APIRoute = async ({ request, locals }) => {
	if (!locals.user)
		return Response.json({ error: 'unauthorized', message: 'Log in first' }, { status: 401 });
	const parsed = form.safeParse(
		Object.fromEntries(await request.formData().catch(() => new FormData())),
	);
	if (!parsed.success)
		return Response.json({ error: 'invalid_request', message: 'Invalid request' }, { status: 400 });
	const done = await cancelSubscription(locals.user.id, parsed.data.subscription);
	const location = `/${parsed.data.locale}/account?billing=${done ? 'canceled' : 'unchanged'}`;
	return new Response(null, { status: 303, headers: { Location: location } });
};
