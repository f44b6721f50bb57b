import { defineMiddleware } from 'astro:middleware';
import { isValidTimeZone, TZ_COOKIE } from '../lib/time-zone';

/**
 * The visitor's time zone from the `tz` cookie the browser sets; until it is known, times
 * are shown in UTC and labelled as such.
 */
export const timeZone = defineMiddleware((context, next) => {
	const value = context.cookies.get(TZ_COOKIE)?.value;
	const known = isValidTimeZone(value);
	context.locals.timeZone = known ? value : 'UTC';
	context.locals.timeZoneKnown = known;
	return next();
});
