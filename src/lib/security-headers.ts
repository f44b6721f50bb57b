/**
 * The one source of our security header values: the middleware sets them on every answer
 * Astro gives (src/middleware/security-headers.ts), and the production front sets the ones
 * that apply to files on the build's static files (scripts/static-files.mjs, through
 * src/server/front/cache.ts). Pure: no I/O, no configuration.
 */

export const NOSNIFF = 'nosniff';
export const REFERRER_POLICY = 'strict-origin-when-cross-origin';
export const OPENER_POLICY = 'same-origin';
/** Our files are for our own pages; embeds load them inside our own (framed) document. */
export const RESOURCE_POLICY = 'same-origin';
/** An embeddable widget page is framed by other sites. */
export const EMBED_RESOURCE_POLICY = 'cross-origin';
export const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), payment=(self)';
export const HSTS = 'max-age=63072000; includeSubDomains';

/**
 * Baseline policy for responses Astro did not give a CSP (endpoints, redirects, errors).
 * HTML pages get Astro's own header CSP (astro.config.ts `security.csp`), which adds
 * hashes for the few inline scripts Astro emits.
 */
export const FALLBACK_CSP =
	"default-src 'none'; frame-ancestors 'none'; base-uri 'none'; object-src 'none'; form-action 'self'";

/**
 * An SVG opened on its own is a document that can run script: none may run, nothing may
 * load, and it cannot be framed. Inline styles stay (icons use them).
 */
export const SVG_CSP =
	"default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; sandbox";

/** True when the site's public origin (SITE_URL) is https: then HSTS goes on every answer. */
export function isHttpsOrigin(origin: string | undefined): boolean {
	return typeof origin === 'string' && origin.startsWith('https:');
}

/** The security headers of one static file, by its Content-Type. */
export function staticFileHeaders(contentType: string, https: boolean): Record<string, string> {
	const headers: Record<string, string> = {
		'X-Content-Type-Options': NOSNIFF,
		'Cross-Origin-Resource-Policy': RESOURCE_POLICY,
		'Referrer-Policy': REFERRER_POLICY,
	};
	if (contentType.startsWith('image/svg+xml')) headers['Content-Security-Policy'] = SVG_CSP;
	if (https) headers['Strict-Transport-Security'] = HSTS;
	return headers;
}

/**
 * The security headers every page response carries, set on `headers` in place: one rule
 * for the middleware (src/middleware/security-headers.ts) and for the front server's
 * signed-in hits (src/server/front/cache.ts), which answer without the middleware.
 * `frame` is the CSP `frame-ancestors` directive for this path.
 */
export function applySecurityHeaders(
	headers: Headers,
	opts: { embeddable: boolean; https: boolean; frame: string },
): void {
	headers.set('X-Content-Type-Options', NOSNIFF);
	if (!headers.has('Referrer-Policy')) headers.set('Referrer-Policy', REFERRER_POLICY);
	headers.set('Cross-Origin-Opener-Policy', OPENER_POLICY);
	if (!headers.has('Cross-Origin-Resource-Policy'))
		headers.set(
			'Cross-Origin-Resource-Policy',
			opts.embeddable ? EMBED_RESOURCE_POLICY : RESOURCE_POLICY,
		);
	if (!opts.embeddable) headers.set('X-Frame-Options', 'DENY');
	headers.set('Permissions-Policy', PERMISSIONS_POLICY);
	headers.delete('X-Powered-By');
	// Astro labels pages plain `text/html`; say the charset in the header too, so nothing
	// has to sniff it before the <meta charset> arrives.
	if (headers.get('Content-Type') === 'text/html')
		headers.set('Content-Type', 'text/html; charset=utf-8');
	const csp = headers.get('Content-Security-Policy');
	if (!csp) {
		headers.set(
			'Content-Security-Policy',
			FALLBACK_CSP.replace("frame-ancestors 'none'", opts.frame),
		);
	} else if (!csp.includes('frame-ancestors')) {
		headers.set('Content-Security-Policy', `${csp.replace(/;\s*$/, '')}; ${opts.frame}`);
	}
	if (opts.https) headers.set('Strict-Transport-Security', HSTS);
}
