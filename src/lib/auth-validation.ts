/**
 * Instant checks the forms run in the browser, and the limits they share with the server:
 * the server's zod fields (server/auth/schemas.ts, email.ts) and password rules
 * (server/auth/passwords.ts) are built from the constants below, so the two sides cannot
 * drift. The server still decides (the common-password list, for one, only lives there).
 * Pure: no DOM, no schema library (this file runs in the browser).
 */
/** Fewest characters (code points) a password may have. */
export const MIN_PASSWORD_CHARS = 8;
/**
 * Most UTF-8 bytes a password may have, checked before hashing so a huge value costs
 * nothing. Far above the 64 characters people must be allowed; argon2 never truncates.
 */
export const MAX_PASSWORD_BYTES = 1024;
/** Longest display name, after trimming. */
export const MAX_NAME_CHARS = 80;
/** Longest e-mail address (RFC 5321). */
export const MAX_EMAIL_CHARS = 254;
/** Control characters, never allowed in a display name. */
export const CONTROL_CHARS = /[\u0000-\u001f\u007f]/;
/**
 * Bidirectional formatting controls (embeddings, overrides, isolates, marks). In a display
 * name they reorder what is printed ("Fan\u202Eexe.gnp" shows as "Fanpng.exe") and can spill
 * into the text after the name, so they are removed, not refused: a name pasted from a
 * right-to-left text may carry marks its owner never saw. Right-to-left letters stay.
 */
const BIDI_CONTROLS = /[\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c]/g;

/** The value without bidi controls (see BIDI_CONTROLS). */
export function stripBidiControls(value: string): string {
	return value.replace(BIDI_CONTROLS, '');
}

export type FieldRule = 'email' | 'password' | 'newPassword' | 'name' | 'required';

/** One input of an auth form, as the pages describe it to the AuthForm island. */
export interface AuthField {
	name: string;
	label: string;
	type: 'email' | 'password' | 'text';
	rule: FieldRule;
	autoComplete: string;
	hint?: string;
	defaultValue?: string;
}

/** Error code (an `auth:errors.*` key) for a value, or null when it passes. */
export function checkField(rule: FieldRule, value: string): string | null {
	const blank = (rule === 'name' ? stripBidiControls(value) : value).trim() === '';
	if (blank && rule !== 'password' && rule !== 'newPassword') return 'required';
	switch (rule) {
		case 'email':
			return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim()) && value.length <= MAX_EMAIL_CHARS
				? null
				: 'invalid_email';
		case 'name':
			return stripBidiControls(value).trim().length <= MAX_NAME_CHARS && !CONTROL_CHARS.test(value)
				? null
				: 'invalid_name';
		case 'password':
			return value === '' ? 'required' : null;
		case 'newPassword':
			if (value === '') return 'required';
			if (new TextEncoder().encode(value).length > MAX_PASSWORD_BYTES) return 'password_too_long';
			if ([...value].length < MIN_PASSWORD_CHARS) return 'password_too_short';
			return null;
		default:
			return null;
	}
}

/** The error codes a page may show from `?error=`; anything else shows as `unknown`. */
export const AUTH_ERROR_CODES = [
	'invalid_credentials',
	'rate_limited',
	'password_too_short',
	'password_too_long',
	'password_common',
	'invalid_token',
	'invalid_email',
	'invalid_name',
	'invalid_request',
	'invalid_code',
	'account_locked',
] as const;

/** The `auth:errors.*` key for a code from the query string. */
export function errorKey(code: string | null): string | null {
	if (!code) return null;
	return (AUTH_ERROR_CODES as readonly string[]).includes(code)
		? `auth:errors.${code}`
		: 'auth:errors.unknown';
}
