import { LOCALES, type Locale } from '~/i18n/locales';
import { localHref } from '~/lib/locale-resolution';
import { safeRedirect } from '~/lib/safe-redirect';
import { requireCaller } from '../auth/guard';
import { readLimited } from '../auth/http';
import { idempotentAfter } from '../http/idempotency';
import { checkoutRequestSchema, openCheckout } from './checkout';
import { formClaim, retryAfterOf, seeOther } from './idempotent-writes';

/** A checkout form is a handful of short fields. */
const MAX_FORM_BYTES = 8 * 1024;

export type CheckoutFormOutcome =
	| { status: 303; location: string }
	| { status: 403 }
	/** A bad key (400) or one already used for another request (422), answered as JSON. */
	| { status: 400 | 422; response: Response };

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
 * the form came from with `checkout_error=<code>`. The page it came from is `from`, else
 * `returnTo` (where a paid checkout lands: the match page's pass form is both); the
 * pricing cards send only `from`, so a paid plan ends on the payment's own result page.
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
	const back = safeRedirect(fields.from || fields.returnTo, localHref(locale, '/pricing'));
	if (!locals.user) {
		return {
			status: 303,
			location: `${localHref(locale, '/login')}?redirect=${encodeURIComponent(back)}`,
		};
	}
	const caller = requireCaller(request, locals);
	if (caller instanceof Response) return { status: 403 };
	// The form's hidden key, made when it was rendered (issue 28/2): posting it again (a
	// resubmitted form, a reload) is sent where the first post was.
	const claim = formClaim(request, caller.user, fields);
	if (!claim.ok) return { status: 400, response: claim.response };
	const answer = await idempotentAfter(claim.claim, async () => {
		const parsed = checkoutRequestSchema.safeParse({
			...fields,
			deal: fields.deal || null,
			matchId: fields.matchId || null,
			// A foreign or missing one: openCheckout ends the payment on its result page.
			returnTo: fields.returnTo || null,
		});
		if (!parsed.success) {
			const field = String(parsed.error.issues[0]?.path[0] ?? 'form');
			return seeOther(withParam(back, 'checkout_error', `invalid_${field}`));
		}
		const result = await openCheckout(caller.user, parsed.data, client);
		const response = seeOther(
			result.ok ? result.redirectUrl : withParam(back, 'checkout_error', result.error),
		);
		// Too many codes tried, or a checkout still opening: not an answer to keep.
		const later = retryAfterOf(result);
		if (later !== null) response.headers.set('Retry-After', String(later));
		return response;
	});
	const location = answer.headers.get('Location');
	if (answer.status === 303 && location) return { status: 303, location };
	return { status: answer.status === 422 ? 422 : 400, response: answer };
}
