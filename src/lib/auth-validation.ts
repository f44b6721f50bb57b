/**
 * Instant checks the forms run in the browser, mirroring the server's rules (the server
 * still decides: the common-password list, for one, only lives there). Pure: no DOM.
 */
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
	if (value.trim() === '' && rule !== 'password' && rule !== 'newPassword') return 'required';
	switch (rule) {
		case 'email':
			return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim()) && value.length <= 254
				? null
				: 'invalid_email';
		case 'name':
			return value.trim().length <= 80 && !/[\u0000-\u001f\u007f]/.test(value)
				? null
				: 'invalid_name';
		case 'password':
			return value === '' ? 'required' : null;
		case 'newPassword':
			if (value === '') return 'required';
			if (new TextEncoder().encode(value).length > 1024) return 'password_too_long';
			if ([...value].length < 8) return 'password_too_short';
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
] as const;

/** The `auth:errors.*` key for a code from the query string. */
export function errorKey(code: string | null): string | null {
	if (!code) return null;
	return (AUTH_ERROR_CODES as readonly string[]).includes(code)
		? `auth:errors.${code}`
		: 'auth:errors.unknown';
}
