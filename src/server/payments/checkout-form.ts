import { LOCALES, type Locale } from '~/i18n/locales';
import { localHref } from '~/lib/locale-resolution';
import { safeRedirect } from '~/lib/safe-redirect';
import { requireCaller } from '../auth/guard';
import { readLimited } from '../auth/http';
import { checkoutRequestSchema, openCheckout } from './checkout';

/** A checkout form is a handful of short fields. */
const MAX_FORM_BYTES = 8 * 1024;

export type CheckoutFormOutcome = { status: 303; location: string } | { status: 403 };

/** `path` with `key=value` added to its query, before any #fragment. */
function withParam(path: string, key: string, value: string): string {
	const [base = '', hash] = path.split('#', 2);
	const sep = base.includes('?') ? '&' : '?';
	return `${base}${sep}${key}=${encodeURIComponent(value)}${hash === undefined ? '' : `#${hash}`}`;
}

/**
 * POST /api/checkout as a plain form (JavaScript off, or the match page's pass button):
 * the same checkout as the JSON path, answered with a redirect: to the provider's page
 * when opened, to the login (and back) for a visitor not signed in, else back to the page
 * the form came from with `checkout_error=<code>`.
 */
export async function checkoutFormOutcome(
	request: Request,
	locals: Parameters<typeof requireCaller>[1],
	client: string,
): Promise<CheckoutFormOutcome> {
	const raw = (await readLimited(request, MAX_FORM_BYTES)) ?? '';
	const form = new URLSearchParams(raw);
	const fields = Object.fromEntries(form);
	const locale: Locale = (LOCALES as readonly string[]).includes(fields.locale ?? '')
		? (fields.locale as Locale)
		: 'en';
	const back = safeRedirect(fields.returnTo, localHref(locale, '/pricing'));
	if (!locals.user) {
		return {
			status: 303,
			location: `${localHref(locale, '/login')}?redirect=${encodeURIComponent(back)}`,
		};
	}
	const caller = requireCaller(request, locals);
	if (caller instanceof Response) return { status: 403 };
	const parsed = checkoutRequestSchema.safeParse({
		...fields,
		deal: fields.deal || null,
		matchId: fields.matchId || null,
		returnTo: back,
	});
	if (!parsed.success) {
		const field = String(parsed.error.issues[0]?.path[0] ?? 'form');
		return { status: 303, location: withParam(back, 'checkout_error', `invalid_${field}`) };
	}
	const result = await openCheckout(caller.user, parsed.data, client);
	if (result.ok) return { status: 303, location: result.redirectUrl };
	return { status: 303, location: withParam(back, 'checkout_error', result.error) };
}
