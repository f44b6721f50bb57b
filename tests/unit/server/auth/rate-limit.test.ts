import { afterEach, describe, expect, it } from 'vitest';
import { limits, resetRateLimitsForTests } from '~/server/auth/rate-limit';
import { resetConfigForTests } from '~/server/config';

afterEach(() => {
	delete process.env.REGISTER_PER_CLIENT_PER_HOUR;
	resetConfigForTests();
	resetRateLimitsForTests();
});

// Registrations per client address come from the settings (default 10 an hour): an office
// or school behind one address may need more, and the browser suite registers more than ten
// visitors from 127.0.0.1.
describe('registration limit per client', () => {
	it('defaults to 10 an hour', () => {
		resetConfigForTests();
		for (let i = 0; i < 10; i++) expect(limits.registerPerClient.hit('198.51.100.1').ok).toBe(true);
		expect(limits.registerPerClient.hit('198.51.100.1').ok).toBe(false);
		expect(limits.registerPerClient.hit('198.51.100.2').ok).toBe(true);
	});

	it('follows REGISTER_PER_CLIENT_PER_HOUR', () => {
		process.env.REGISTER_PER_CLIENT_PER_HOUR = '3';
		resetConfigForTests();
		for (let i = 0; i < 3; i++) expect(limits.registerPerClient.hit('198.51.100.1').ok).toBe(true);
		const refused = limits.registerPerClient.hit('198.51.100.1');
		expect(refused.ok).toBe(false);
		expect(refused.retryAfter).toBeGreaterThan(0);
	});

	it('a bad value stops the start, naming the setting', () => {
		process.env.REGISTER_PER_CLIENT_PER_HOUR = 'lots';
		resetConfigForTests();
		expect(() => limits.registerPerClient.hit('198.51.100.1')).toThrow(
			/REGISTER_PER_CLIENT_PER_HOUR/,
		);
	});
});
