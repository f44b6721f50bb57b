/** Longest redirect target we accept; longer ones are treated as hostile. */
const MAX_TARGET = 2048;

/**
 * Returns `target` when it is a same-site path, else `fallback`.
 *
 * "Starts with a slash" is not enough: browsers treat `\` as `/`, strip tabs and newlines,
 * and resolve dot segments, so `/\evil.com`, `/%09/evil.com` and `/..//evil.com` all leave
 * the site. We check the raw value for every such character, then resolve it against a
 * dummy origin and require that the origin did not change and that the result is not
 * protocol-relative. The original string (not the normalised one) is returned so that a
 * legitimate deep link keeps its query and hash exactly.
 */
export function safeRedirect(target: unknown, fallback = '/'): string {
	if (typeof target !== 'string' || target.length === 0 || target.length > MAX_TARGET) {
		return fallback;
	}
	if (!target.startsWith('/') || target.startsWith('//')) return fallback;
	// Backslashes, control characters, whitespace and percent-encoded forms of them.
	if (/[\\\s\u0000-\u001f\u007f]/.test(target)) return fallback;
	// Anything outside printable ASCII: our paths never need it, a Location header cannot
	// carry it (the response would fail), and look-alikes such as `/。evil.com` or
	// `/／／evil.com` become dots and slashes in some clients.
	if (/[^\u0021-\u007e]/.test(target)) return fallback;
	if (/%(0[0-9a-f]|1[0-9a-f]|20|5c|7f)/i.test(target)) return fallback;
	let decoded: string;
	try {
		decoded = decodeURIComponent(target);
	} catch {
		return fallback;
	}
	if (decoded.startsWith('//') || /[\\\u0000-\u001f\u007f]/.test(decoded)) return fallback;
	const base = 'http://same.invalid';
	let resolved: URL;
	try {
		resolved = new URL(target, base);
	} catch {
		return fallback;
	}
	if (resolved.origin !== base) return fallback;
	if (resolved.pathname.startsWith('//')) return fallback;
	// A redirect back to a login page would start a loop.
	if (/^\/([a-z]{2}\/)?(login|cms\/login)(\/|\?|#|$)/.test(resolved.pathname + '/')) {
		return fallback;
	}
	return target;
}
