/**
 * The one source of our security header values: the middleware sets them on every answer
 * Astro gives (src/middleware/security-headers.ts), and the production front sets the ones
 * that apply to files on the build's static files (scripts/static-files.mjs, through
 * src/server/cache/front.ts). Pure: no I/O, no configuration.
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
