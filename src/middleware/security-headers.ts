import { defineMiddleware } from 'astro:middleware';
import { applySecurityHeaders, isHttpsOrigin, NOSNIFF } from '../lib/security-headers';
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
	let out = response;
	try {
		response.headers.set('X-Content-Type-Options', NOSNIFF);
	} catch {
		out = new Response(response.body, response);
	}
	const embeddable = isEmbedPath(context.url.pathname);
	// Only the widgets may be framed: by anyone, or by EMBED_ALLOWED_ORIGINS when set.
	const frame = frameAncestors(embeddable, embeddable ? config().EMBED_ALLOWED_ORIGINS : []);
	applySecurityHeaders(out.headers, {
		embeddable,
		// HSTS whenever the site is served over HTTPS: the socket is TLS, or the configured
		// origin is https (TLS ends at a proxy in front of us). Never from client-sent
		// X-Forwarded-Proto.
		https: context.url.protocol === 'https:' || isHttpsOrigin(context.locals?.origin),
		frame,
	});
	return out;
});
