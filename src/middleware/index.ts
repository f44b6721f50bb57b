import { sequence } from 'astro:middleware';
import { apiLimit } from './api-limit';
import { auth } from './auth';
import { compression } from './compression';
import { device } from './device';
import { expiryReminder } from './expiry-reminder';
import { locale } from './locale';
import { memberCache } from './member-cache';
import { requestContext } from './request-context';
import { routeCache } from './route-cache';
import { securityHeaders } from './security-headers';
import { startup } from './startup';
import { timeZone } from './time-zone';

/**
 * Order matters: compression is outermost, so it sees the final bytes of every answer
 * Astro makes (error pages included); the request context catches every failure below it; the route cache
 * answers anonymous hits of public pages at once (stored with their headers); security
 * headers wrap every other response, including redirects and 404s; the public API's rate
 * limit then refuses a flooding client before any work is done (/api is never route-cached);
 * start-up (migrations, data import) completes before any handler touches data; locale runs before anything
 * that renders text; auth (who is there, page guards) runs after locale, whose redirects
 * it uses; the expiry reminder and then the member cache run right after auth, which tells
 * them who is there (the member cache serves only visitors with no banner to show).
 */
export const onRequest = sequence(
	compression,
	requestContext,
	routeCache,
	securityHeaders,
	apiLimit,
	startup,
	locale,
	auth,
	expiryReminder,
	memberCache,
	device,
	timeZone,
);
