import type { APIRoute } from 'astro';
import { z } from 'zod';
import { safeRedirect } from '~/lib/safe-redirect';
import { dismissMaxAge, REMINDER_COOKIE } from '~/server/payments/billing';

const form = z.object({
	key: z.string().regex(/^\d{1,12}-\d{1,12}$/),
	next: z.string().max(2048).default('/'),
});

/** Dismisses the expiry reminder until the plan's end (a cookie; no JavaScript needed). */
export const POST: APIRoute = async ({ request, cookies, url }) => {
	const parsed = form.safeParse(
		Object.fromEntries(await request.formData().catch(() => new FormData())),
	);
	if (!parsed.success)
		return Response.json({ error: 'invalid_request', message: 'Invalid request' }, { status: 400 });
	cookies.set(REMINDER_COOKIE, parsed.data.key, {
		path: '/',
		httpOnly: true,
		sameSite: 'lax',
		secure: url.protocol === 'https:',
		maxAge: dismissMaxAge(parsed.data.key),
	});
	return new Response(null, {
		status: 303,
		headers: { Location: safeRedirect(parsed.data.next, '/') },
	});
};
