import { describe, expect, it } from 'vitest';
import { numericCookie } from '~/lib/auth-expiry';

describe('numericCookie', () => {
	it('reads a positive number', () => {
		expect(
			numericCookie(
				'a=1; auth._token_expiration.local=1795350000000; b=2',
				'auth._token_expiration.local',
			),
		).toBe(1795350000000);
	});
	it('answers null for missing, negative, non-numeric or mangled values, never throws', () => {
		expect(numericCookie('', 'x')).toBeNull();
		expect(numericCookie('x=-5', 'x')).toBeNull();
		expect(numericCookie('x=abc', 'x')).toBeNull();
		expect(numericCookie('x=%E0%A4%A', 'x')).toBeNull();
	});
});
