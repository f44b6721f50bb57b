import { defineMiddleware } from 'astro:middleware';
import {
	EMBED_RESOURCE_POLICY,
	FALLBACK_CSP,
	HSTS,
	isHttpsOrigin,
	NOSNIFF,
	OPENER_POLICY,
	PERMISSIONS_POLICY,
	REFERRER_POLICY,
	RESOURCE_POLICY,
} from '../lib/security-headers';
import { frameAncestors, isEmbedPath } from '../lib/embed';
import { config } from '../server/config';

/** Sets the security headers every response carries. */
export const securityHeaders = defineMiddleware(async (context, next) => {
	const response = await next();
	// An empty 404/500 is a signal to Astro to render our error page, and Astro merges this
	// response's headers into that page: a fallback CSP here would override the page's own
	// (and block its styles). The error page passes through this middleware itself.
	if (response.body === null && (response.status === 404 || response.status === 500)) {
		return response;
	}
	// Some responses (Response.redirect, fetch results) have immutable headers.
	let headers: Headers;
	let out = response;
	try {
		response.headers.set('X-Content-Type-Options', NOSNIFF);
		headers = response.headers;
	} catch {
		out = new Response(response.body, response);
		headers = out.headers;
		headers.set('X-Content-Type-Options', NOSNIFF);
	}
	const embeddable = isEmbedPath(context.url.pathname);
	if (!headers.has('Referrer-Policy')) headers.set('Referrer-Policy', REFERRER_POLICY);
	headers.set('Cross-Origin-Opener-Policy', OPENER_POLICY);
	if (!headers.has('Cross-Origin-Resource-Policy'))
		headers.set(
			'Cross-Origin-Resource-Policy',
			embeddable ? EMBED_RESOURCE_POLICY : RESOURCE_POLICY,
		);
	if (!embeddable) headers.set('X-Frame-Options', 'DENY');
	headers.set('Permissions-Policy', PERMISSIONS_POLICY);
	headers.delete('X-Powered-By');
	// Astro labels pages plain `text/html`; say the charset in the header too, so nothing
	// has to sniff it before the <meta charset> arrives.
	if (headers.get('Content-Type') === 'text/html')
		headers.set('Content-Type', 'text/html; charset=utf-8');
	const csp = headers.get('Content-Security-Policy');
	// Only the widgets may be framed: by anyone, or by EMBED_ALLOWED_ORIGINS when set.
	const frame = frameAncestors(embeddable, embeddable ? config().EMBED_ALLOWED_ORIGINS : []);
	if (!csp) {
		headers.set('Content-Security-Policy', FALLBACK_CSP.replace("frame-ancestors 'none'", frame));
	} else if (!csp.includes('frame-ancestors')) {
		headers.set('Content-Security-Policy', `${csp.replace(/;\s*$/, '')}; ${frame}`);
	}
	// HSTS whenever the site is served over HTTPS: the socket is TLS, or the configured
	// origin is https (TLS ends at a proxy in front of us). Never from client-sent
	// X-Forwarded-Proto.
	if (context.url.protocol === 'https:' || isHttpsOrigin(context.locals?.origin)) {
		headers.set('Strict-Transport-Security', HSTS);
	}
	return out;
});
