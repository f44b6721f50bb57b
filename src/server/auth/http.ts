import { NUL_PROBLEM, nulField } from '~/lib/input';
import { config } from '../config';
import { clientIp, parseTrustedProxies } from './client-ip';

/** Auth bodies are a few hundred bytes; anything past this is refused before parsing. */
export const MAX_AUTH_BODY = 16 * 1024;

const NO_STORE = { 'Cache-Control': 'no-store', Pragma: 'no-cache' };

/** A JSON answer that no cache may keep (tokens, personal data). */
export function json(
	status: number,
	body: unknown,
	setCookies: string[] = [],
	extra: Record<string, string> = {},
): Response {
	const headers = new Headers({
		'Content-Type': 'application/json; charset=utf-8',
		...NO_STORE,
		...extra,
	});
	for (const cookie of setCookies) headers.append('Set-Cookie', cookie);
	return new Response(status === 204 ? null : JSON.stringify(body), { status, headers });
}

/** The generic login failure: the same bytes for every cause (checklist "generic-401"). */
export function invalidCredentials(): Response {
	return json(401, { error: 'invalid_credentials' });
}

export function unauthorized(): Response {
	return json(401, { error: 'unauthorized', message: 'Authentication required' });
}

export function badRequest(error: string, message: string): Response {
	return json(400, { error, message });
}

export function rateLimited(retryAfter: number): Response {
	return json(429, { error: 'rate_limited', message: 'Too many attempts, try again later' }, [], {
		'Retry-After': String(retryAfter),
	});
}

export function methodNotAllowed(allow: string): Response {
	return json(405, { error: 'method_not_allowed', message: 'Method not allowed' }, [], {
		Allow: allow,
	});
}

/** Human-readable messages for the codes a user can cause (the pages translate the code). */
export const MESSAGES: Record<string, string> = {
	password_too_short: 'Password must have at least 8 characters',
	password_too_long: 'Password is too long',
	password_common: 'This password is too common',
	invalid_token: 'Invalid or expired link',
	invalid_request: 'Invalid request',
};

/**
 * Reads a small JSON body: refuses other media types (415), more than MAX_AUTH_BODY bytes
 * (413, counted while streaming, whatever Content-Length claims) and bad JSON (400).
 */
export async function readJson(
	request: Request,
): Promise<{ ok: true; value: unknown } | { ok: false; response: Response }> {
	const type = request.headers.get('content-type') ?? '';
	if (!/^application\/json\b/i.test(type)) {
		return {
			ok: false,
			response: json(415, { error: 'unsupported_media_type', message: 'Send JSON' }),
		};
	}
	const text = await readLimited(request);
	if (text === null) {
		return {
			ok: false,
			response: json(413, { error: 'payload_too_large', message: 'Request body too large' }),
		};
	}
	let value: unknown;
	try {
		value = text ? JSON.parse(text) : {};
	} catch {
		return { ok: false, response: badRequest('invalid_request', 'Malformed JSON') };
	}
	// Any string of any body, before a schema or a query sees it (src/lib/input.ts).
	const bad = nulField(value);
	if (bad) {
		return {
			ok: false,
			response: json(400, {
				error: 'invalid_request',
				message: `Invalid field "${bad}": ${NUL_PROBLEM}`,
				fields: [bad],
			}),
		};
	}
	return { ok: true, value };
}

/** The body as text, or null past MAX_AUTH_BODY bytes. */
export async function readLimited(request: Request, max = MAX_AUTH_BODY): Promise<string | null> {
	if (Number(request.headers.get('content-length') ?? 0) > max) return null;
	if (!request.body) return '';
	const reader = request.body.getReader();
	const chunks: Uint8Array[] = [];
	let size = 0;
	for (;;) {
		let chunk: ReadableStreamReadResult<Uint8Array>;
		try {
			chunk = await reader.read();
		} catch {
			// The adapter's own cap (bodySizeLimit) errors the stream of a chunked body past
			// it; a body that cannot be read whole is refused the same way.
			return null;
		}
		const { done, value } = chunk;
		if (done) break;
		size += value.byteLength;
		if (size > max) {
			await reader.cancel().catch(() => {});
			return null;
		}
		chunks.push(value);
	}
	return Buffer.concat(chunks).toString('utf8');
}

export interface RequestMeta {
	ip: string;
	userAgent: string;
}

let trusted: { setting: string; set: Set<string> } | undefined;

/** Client address (trusted-proxy aware) and user agent of a request. */
export function requestMeta(request: Request, peer: string | undefined): RequestMeta {
	const setting = config().TRUSTED_PROXIES;
	if (trusted?.setting !== setting) trusted = { setting, set: parseTrustedProxies(setting) };
	return {
		ip: clientIp(peer, request.headers.get('x-forwarded-for'), trusted.set),
		userAgent: (request.headers.get('user-agent') ?? '').slice(0, 300),
	};
}

/**
 * Cookie-authenticated writes must come from our own pages. Browsers send `Origin` on every
 * cross-site POST (and `Sec-Fetch-Site`); either one pointing elsewhere is refused. Astro's
 * checkOrigin already covers form posts; this also covers JSON and DELETE.
 *
 * Our own origins are the configured one (SITE_URL) and the one the request was addressed
 * to, which is exactly what Astro's check accepts (`Origin` equal to the request URL's
 * origin): a page another site serves cannot send our Host with its own Origin, so both
 * checks refuse the same cross-site requests and accept the same own ones, also when the
 * site is reached at an address other than SITE_URL (127.0.0.1 for localhost).
 */
export function isCrossSite(request: Request, origin: string): boolean {
	const site = request.headers.get('sec-fetch-site');
	if (site === 'cross-site') return true;
	const sent = request.headers.get('origin');
	if (sent === null || sent === origin) return false;
	try {
		return sent !== new URL(request.url).origin;
	} catch {
		return true;
	}
}
