import type { APIRoute } from 'astro';
import { z } from 'zod';
import { safeRedirect } from '~/lib/safe-redirect';
import { themeChoice, themeCookieHeader } from '~/lib/theme';
import { methodNotAllowed } from '~/server/auth/http';

const form = z.object({
	theme: themeChoice,
	next: z.string().max(2048).default('/'),
});

/**
 * POST /api/theme: remembers the visitor's theme (the header's switch is a plain form, so
 * it works without JavaScript) and sends them back to the page they were on.
 */
export const POST: APIRoute = async ({ request, url }) => {
	// A cross-site form post never gets here: Astro's `security.checkOrigin` refuses it.
	const parsed = form.safeParse(
		Object.fromEntries(await request.formData().catch(() => new FormData())),
	);
	if (!parsed.success) {
		const field = String(parsed.error.issues[0]?.path[0] ?? 'theme');
		return Response.json(
			{ error: 'invalid_request', message: `Invalid field: ${field}`, field },
			{ status: 400 },
		);
	}
	return new Response(null, {
		status: 303,
		headers: {
			Location: safeRedirect(parsed.data.next, '/'),
			'Set-Cookie': themeCookieHeader(parsed.data.theme, url.protocol === 'https:'),
			'Cache-Control': 'no-store',
		},
	});
};

/** A link or an image tag must never change anyone's settings. */
export const ALL: APIRoute = () => methodNotAllowed('POST');
