import { sequence } from 'astro:middleware';
import { auth } from './auth';
import { device } from './device';
import { locale } from './locale';
import { requestContext } from './request-context';
import { routeCache } from './route-cache';
import { securityHeaders } from './security-headers';
import { startup } from './startup';
import { timeZone } from './time-zone';

/**
 * Order matters: the request context catches every failure below it; security headers
 * wrap every response, including redirects and 404s; start-up (migrations, data import)
 * completes before any handler touches data; locale runs before anything that renders text;
 * auth (who is there, page guards) runs after locale, whose redirects it uses; the route
 * cache comes after the guards and serves only anonymous visitors.
 */
export const onRequest = sequence(requestContext, securityHeaders, startup, locale, auth, routeCache, device, timeZone);
