import { defineMiddleware } from 'astro:middleware';
import { expiryReminder as lookUpReminder, REMINDER_COOKIE } from '../server/payments/billing';

/**
 * The signed-in visitor's plan-expiry reminder, looked up once per page request and handed
 * on in `locals.expiryReminder`: the member cache decides by it, the banner in the layout
 * renders it (components never call the database). It runs right after auth, which says
 * who is there. A failed lookup leaves it unknown (undefined): the banner is then hidden
 * and the member cache stands aside, a page is never broken by it.
 */
export const expiryReminder = defineMiddleware(async (context, next) => {
	const { locals, url } = context;
	locals.expiryReminder = undefined;
	if (!locals.user || url.pathname.startsWith('/api/')) return next();
	try {
		const dismissed = context.cookies.get(REMINDER_COOKIE)?.value;
		locals.expiryReminder = await lookUpReminder(locals.user.id, dismissed);
	} catch (error) {
		console.error('[payments] expiry reminder lookup failed', error);
	}
	return next();
});
