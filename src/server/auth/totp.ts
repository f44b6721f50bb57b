import {
	createCipheriv,
	createDecipheriv,
	createHash,
	createHmac,
	randomBytes,
	timingSafeEqual,
} from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import { authSecret } from './secret';

/**
 * Time-based one-time passwords for staff (RFC 6238 through `otpauth`): SHA-1, 6 digits,
 * 30-second steps, the parameters every authenticator app understands. Pure functions here;
 * the database side is second-factor.ts.
 */
export const TOTP_PERIOD = 30;
/** Steps accepted either side of now: one, for clocks a little apart. */
export const TOTP_WINDOW = 1;
export const RECOVERY_CODE_COUNT = 10;
const ISSUER = 'Matchday';

function totp(secretBase32: string, label = 'staff'): TOTP {
	return new TOTP({
		issuer: ISSUER,
		label,
		algorithm: 'SHA1',
		digits: 6,
		period: TOTP_PERIOD,
		secret: Secret.fromBase32(secretBase32),
	});
}

/** A new random secret (160 bits, the RFC's recommendation for SHA-1), as base32. */
export function newTotpSecret(): string {
	return new Secret({ size: 20 }).base32;
}

/** The `otpauth://` address an authenticator app reads from the QR code. */
export function totpUri(secretBase32: string, email: string): string {
	return totp(secretBase32, email).toString();
}

/** The code for a moment (tests, and nothing else needs it). */
export function totpCode(secretBase32: string, at: number): string {
	return totp(secretBase32).generate({ timestamp: at });
}

/** The 30-second step a moment falls in. */
export function totpStep(at: number): number {
	return Math.floor(at / 1000 / TOTP_PERIOD);
}

/**
 * The step a code is valid for (within one step of `at`), or null. Only a step after
 * `lastStep` counts: a code already used, or an older one, is refused (no replay within
 * its window). The caller stores the returned step atomically (second-factor.ts).
 */
export function verifyTotp(
	secretBase32: string,
	code: string,
	at: number,
	lastStep = 0,
): number | null {
	if (!/^\d{6}$/.test(code)) return null;
	const delta = totp(secretBase32).validate({ token: code, timestamp: at, window: TOTP_WINDOW });
	if (delta === null) return null;
	const step = totpStep(at) + delta;
	return step > lastStep ? step : null;
}

/** The QR code of the enrolment address as an SVG data URL (an <img>, allowed by the CSP). */
export async function qrDataUrl(uri: string): Promise<string> {
	const svg = await QRCode.toString(uri, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' });
	return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

// Recovery codes: 10 characters of a 31-letter alphabet without look-alikes (~49 bits), shown
// as two groups of five. High entropy is what lets a plain SHA-256 stand in for a slow hash.
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** Fresh recovery codes, formatted for display (`abcde-fghjk`). */
export function newRecoveryCodes(count = RECOVERY_CODE_COUNT): string[] {
	return Array.from({ length: count }, () => {
		const bytes = randomBytes(10);
		const chars = [...bytes].map((b) => ALPHABET[b % ALPHABET.length]).join('');
		return `${chars.slice(0, 5)}-${chars.slice(5)}`;
	});
}

/** A typed recovery code in its stored form (case, spaces and dashes ignored), or null. */
export function normaliseRecoveryCode(input: string): string | null {
	const code = input.toLowerCase().replace(/[\s-]/g, '');
	return new RegExp(`^[${ALPHABET}]{10}$`).test(code) ? code : null;
}

export function hashRecoveryCode(code: string): string {
	const normal = normaliseRecoveryCode(code) ?? code;
	return createHash('sha256').update(`recovery:${normal}`).digest('hex');
}

/** Constant-time comparison of two hex digests. */
export function sameHash(a: string, b: string): boolean {
	const x = Buffer.from(a, 'hex');
	const y = Buffer.from(b, 'hex');
	return x.length === y.length && x.length > 0 && timingSafeEqual(x, y);
}

/** What a typed second-factor code is: six digits, a recovery code, or nothing usable. */
export function codeKind(input: string): 'totp' | 'recovery' | null {
	const trimmed = input.replace(/\s/g, '');
	if (/^\d{6}$/.test(trimmed)) return 'totp';
	return normaliseRecoveryCode(input) ? 'recovery' : null;
}

// Secrets at rest: AES-256-GCM under a key derived from AUTH_SECRET, so a copy of the
// database alone does not give anyone the staff's codes.
function sealKey(): Buffer {
	return createHash('sha256').update('totp-seal\0').update(authSecret()).digest();
}

export function sealSecret(secretBase32: string): string {
	const iv = randomBytes(12);
	const cipher = createCipheriv('aes-256-gcm', sealKey(), iv);
	const body = Buffer.concat([cipher.update(secretBase32, 'utf8'), cipher.final()]);
	return ['v1', iv, cipher.getAuthTag(), body]
		.map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
		.join('.');
}

/** The secret, or null when the sealed value was not made with this AUTH_SECRET. */
export function openSecret(sealed: string): string | null {
	const [version, iv, tag, body] = sealed.split('.');
	if (version !== 'v1' || !iv || !tag || !body) return null;
	try {
		const decipher = createDecipheriv('aes-256-gcm', sealKey(), Buffer.from(iv, 'base64url'));
		decipher.setAuthTag(Buffer.from(tag, 'base64url'));
		return Buffer.concat([
			decipher.update(Buffer.from(body, 'base64url')),
			decipher.final(),
		]).toString('utf8');
	} catch {
		return null;
	}
}

/**
 * A half-finished console login (password right, code still to come), carried in a
 * short-lived httpOnly cookie so the code step never needs the password again. Signed with
 * AUTH_SECRET; bound to the user's token version, so a password change voids it.
 */
export const PENDING_TTL_MS = 5 * 60_000;

function sign(payload: string): string {
	return createHmac('sha256', authSecret()).update(`pending-login\0${payload}`).digest('base64url');
}

export function pendingToken(userId: string, version: number, at: number): string {
	const payload = `${userId}.${version}.${at + PENDING_TTL_MS}`;
	return `${payload}.${sign(payload)}`;
}

export function readPendingToken(
	token: string | undefined,
	at: number,
): { userId: string; version: number } | null {
	if (!token || token.length > 200) return null;
	const parts = token.split('.');
	if (parts.length !== 4) return null;
	const [userId, version, expires, mac] = parts as [string, string, string, string];
	const expected = sign(`${userId}.${version}.${expires}`);
	const a = Buffer.from(mac);
	const b = Buffer.from(expected);
	if (a.length !== b.length || !timingSafeEqual(a, b)) return null;
	if (!(Number(expires) > at)) return null;
	return { userId, version: Number(version) };
}
