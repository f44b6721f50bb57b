import { defineMiddleware } from 'astro:middleware';

/**
 * Baseline policy for responses Astro did not give a CSP (endpoints, redirects, errors).
 * HTML pages get Astro's own header CSP (astro.config.ts `security.csp`), which adds
 * hashes for the few inline scripts Astro emits.
 */
const FALLBACK_CSP =
	"default-src 'none'; frame-ancestors 'none'; base-uri 'none'; object-src 'none'; form-action 'self'";

/** Paths meant to be framed by other sites (embeddable widgets). */
function isEmbeddable(pathname: string): boolean {
	return /^\/([a-z]{2}\/)?embed(\/|$)/.test(pathname);
}

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
		response.headers.set('X-Content-Type-Options', 'nosniff');
		headers = response.headers;
	} catch {
		out = new Response(response.body, response);
		headers = out.headers;
		headers.set('X-Content-Type-Options', 'nosniff');
	}
	const embeddable = isEmbeddable(context.url.pathname);
	if (!headers.has('Referrer-Policy'))
		headers.set('Referrer-Policy', 'strict-origin-when-cross-origin');
	headers.set('Cross-Origin-Opener-Policy', 'same-origin');
	if (!embeddable) headers.set('X-Frame-Options', 'DENY');
	headers.set('Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=(self)');
	headers.delete('X-Powered-By');
	// Astro labels pages plain `text/html`; say the charset in the header too, so nothing
	// has to sniff it before the <meta charset> arrives.
	if (headers.get('Content-Type') === 'text/html')
		headers.set('Content-Type', 'text/html; charset=utf-8');
	const csp = headers.get('Content-Security-Policy');
	const frame = embeddable ? 'frame-ancestors *' : "frame-ancestors 'none'";
	if (!csp) {
		headers.set('Content-Security-Policy', FALLBACK_CSP.replace("frame-ancestors 'none'", frame));
	} else if (!csp.includes('frame-ancestors')) {
		headers.set('Content-Security-Policy', `${csp.replace(/;\s*$/, '')}; ${frame}`);
	}
	// HSTS only means something over HTTPS; we trust the URL the adapter built, not
	// client-sent X-Forwarded-Proto.
	if (context.url.protocol === 'https:') {
		headers.set('Strict-Transport-Security', 'max-age=63072000; includeSubDomains');
	}
	return out;
});
