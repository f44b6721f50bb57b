import { createHash, createHmac, randomBytes } from 'node:crypto';
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
