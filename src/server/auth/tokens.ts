import {
	createHash,
	createHmac,
	createSecretKey,
	type KeyObject,
	randomBytes,
	timingSafeEqual,
} from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';
import { z } from 'zod';
import { config } from '../config';
import { now } from '../clock';
import { authSecret } from './secret';

const ISSUER = 'matchday';
const AUDIENCE = 'matchday-api';
/** RFC 9068 media type: a refresh or other JWT can never pass as an access token. */
const ACCESS_TYP = 'at+jwt';

export interface AccessClaims {
	/** User id. */
	sub: string;
	/** Session (refresh family) id, checked against the database on every request. */
	sid: string;
	/** The user's token version when the token was issued (bumped by password changes). */
	ver: number;
}

const claimsSchema = z.object({
	sub: z.uuid(),
	sid: z.string().min(10).max(100),
	ver: z.number().int().min(0),
});

/** Signs an access JWT (HS256) living ACCESS_TOKEN_TTL seconds. */
export async function signAccessToken(
	claims: AccessClaims,
): Promise<{ token: string; expiresAt: number }> {
	const issuedAt = Math.floor(now() / 1000);
	const expiresAt = issuedAt + config().ACCESS_TOKEN_TTL;
	const token = await new SignJWT({ sid: claims.sid, ver: claims.ver })
		.setProtectedHeader({ alg: 'HS256', typ: ACCESS_TYP })
		.setSubject(claims.sub)
		.setIssuer(ISSUER)
		.setAudience(AUDIENCE)
		.setIssuedAt(issuedAt)
		.setExpirationTime(expiresAt)
		.sign(authSecret());
	return { token, expiresAt: expiresAt * 1000 };
}

/**
 * Verifies an access JWT: HS256 only (no `none`, no key from `kid`/`jku`), our issuer,
 * audience and `typ`, not expired. Returns null for anything else; no claim is read
 * before the signature is checked.
 */
export async function verifyAccessToken(token: string): Promise<AccessClaims | null> {
	if (token.length > 4096) return null;
	try {
		const { payload } = await jwtVerify(token, authSecret(), {
			algorithms: ['HS256'],
			issuer: ISSUER,
			audience: AUDIENCE,
			typ: ACCESS_TYP,
			currentDate: new Date(now()),
			requiredClaims: ['exp', 'sub', 'iat'],
		});
		const parsed = claimsSchema.safeParse(payload);
		return parsed.success ? parsed.data : null;
	} catch (error) {
		if (error instanceof errors.JOSEError || error instanceof TypeError) return null;
		throw error;
	}
}

const ACCESS_HEADER_OK = (h: unknown) =>
	typeof h === 'object' &&
	h !== null &&
	(h as { alg?: unknown }).alg === 'HS256' &&
	(h as { typ?: unknown }).typ === ACCESS_TYP &&
	// A header naming where to find a key, or extensions we do not know, is refused as jose does.
	!('crit' in h) &&
	!('jku' in h) &&
	!('jwk' in h) &&
	!('x5u' in h);

/**
 * The secret as a KeyObject, made once per secret: given raw bytes, createHmac first tests
 * whether they are a KeyObject, and that test (a failed private-slot lookup) cost more than
 * the HMAC itself, about 8 % of a signed-in member-cache hit's CPU (docs/benchmarks.md).
 */
let secretKey: { bytes: Uint8Array; key: KeyObject } | undefined;
function hmacKey(): KeyObject {
	const bytes = authSecret();
	if (secretKey?.bytes !== bytes) secretKey = { bytes, key: createSecretKey(bytes) };
	return secretKey.key;
}

/**
 * `verifyAccessToken` without a promise, for the front server's signed-in hits (it answers
 * from memory, so an asynchronous WebCrypto call would cost more than the rest of the hit).
 * The same rules: HS256 only, our `typ`, issuer and audience, `exp` in the future, `iat`
 * present, the claims' shapes; the signature is compared in constant time before any claim
 * is read. tests/unit/server/auth/verify-sync.test.ts holds it to jose's answers.
 */
export function verifyAccessTokenSync(token: string): (AccessClaims & { iat: number }) | null {
	if (token.length > 4096) return null;
	const first = token.indexOf('.');
	const second = token.indexOf('.', first + 1);
	if (first < 1 || second < 0 || token.indexOf('.', second + 1) >= 0) return null;
	const given = Buffer.from(token.slice(second + 1), 'base64url');
	const expected = createHmac('sha256', hmacKey()).update(token.slice(0, second)).digest();
	if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
	try {
		const header: unknown = JSON.parse(Buffer.from(token.slice(0, first), 'base64url').toString());
		if (!ACCESS_HEADER_OK(header)) return null;
		const payload = JSON.parse(
			Buffer.from(token.slice(first + 1, second), 'base64url').toString(),
		) as Record<string, unknown>;
		const at = Math.floor(now() / 1000);
		const aud = payload.aud;
		if (payload.iss !== ISSUER) return null;
		if (!(aud === AUDIENCE || (Array.isArray(aud) && aud.includes(AUDIENCE)))) return null;
		if (typeof payload.exp !== 'number' || payload.exp <= at) return null;
		if (typeof payload.iat !== 'number') return null;
		if (payload.nbf !== undefined && (typeof payload.nbf !== 'number' || payload.nbf > at))
			return null;
		const parsed = claimsSchema.safeParse(payload);
		return parsed.success ? { ...parsed.data, iat: payload.iat } : null;
	} catch {
		return null;
	}
}

/** A new opaque token: 256 random bits. */
export function randomToken(): string {
	return randomBytes(32).toString('base64url');
}

/** What we store instead of a token. */
export function hashToken(token: string): string {
	return createHash('sha256').update(token).digest('hex');
}

/**
 * The successor of a refresh token, derived with the server secret. Deriving it (instead of
 * drawing it at random) lets a parallel duplicate request for the immediate predecessor get
 * the SAME successor during the grace window without us ever storing a token in clear.
 */
export function successorOf(refreshToken: string): string {
	return createHmac('sha256', authSecret())
		.update(`refresh-successor:${refreshToken}`)
		.digest('base64url');
}
