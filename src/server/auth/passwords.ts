import { hash, verify } from '@node-rs/argon2';
import commonList from '../../../data/common-passwords.txt?raw';
import { MAX_PASSWORD_BYTES, MIN_PASSWORD_CHARS } from '~/lib/auth-validation';

// The limits are shared with the forms' browser checks (lib/auth-validation.ts).
export { MAX_PASSWORD_BYTES, MIN_PASSWORD_CHARS };

/** OWASP Password Storage Cheat Sheet, argon2id: m=19 MiB, t=2, p=1. */
const ARGON2_OPTIONS = {
	algorithm: 2 as const, // Algorithm.Argon2id (a const enum the isolated build cannot read)
	memoryCost: 19456,
	timeCost: 2,
	parallelism: 1,
};

const COMMON = new Set(
	commonList
		.split('\n')
		.map((line) => line.trim().toLowerCase())
		.filter((line) => line && !line.startsWith('#')),
);

export type PasswordProblem = 'password_too_short' | 'password_too_long' | 'password_common';

/** Why a new password is refused, or null when it is acceptable. */
export function passwordProblem(password: string): PasswordProblem | null {
	if (Buffer.byteLength(password, 'utf8') > MAX_PASSWORD_BYTES) return 'password_too_long';
	if ([...password].length < MIN_PASSWORD_CHARS) return 'password_too_short';
	if (COMMON.has(password.toLowerCase())) return 'password_common';
	return null;
}

/** True when the value is short enough to be worth hashing at all. */
export function hashablePassword(password: string): boolean {
	return Buffer.byteLength(password, 'utf8') <= MAX_PASSWORD_BYTES;
}

export function hashPassword(password: string): Promise<string> {
	return hash(password, ARGON2_OPTIONS);
}

// A hash of a random value with the same parameters: unknown users are verified against it
// so that a login takes one argon2 run whether or not the address exists.
let dummy: Promise<string> | undefined;
function dummyHash(): Promise<string> {
	dummy ??= hash(crypto.randomUUID(), ARGON2_OPTIONS);
	return dummy;
}
// Computed at start-up so the first unknown-address login is not the slow one.
void dummyHash();

/**
 * Verifies `password` against `stored`. With no stored hash (unknown user, or an account
 * without a password yet), runs the same work against a dummy hash and returns false.
 */
export async function verifyPassword(stored: string | null, password: string): Promise<boolean> {
	const target = stored ?? (await dummyHash());
	let ok = false;
	try {
		ok = await verify(target, password);
	} catch {
		ok = false;
	}
	return stored !== null && ok;
}
