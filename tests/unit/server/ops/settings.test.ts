import { afterEach, describe, expect, it } from 'vitest';
import { isCrossSite } from '~/server/auth/http';
import { config, listenOrigin, resetConfigForTests, settingsProblems } from '~/server/config';
import { scrub } from '~/server/ops/log';

const saved = { ...process.env };
afterEach(() => {
	process.env = { ...saved };
	resetConfigForTests();
});

describe('settings checked before the server listens', () => {
	it('finding 2: production names every missing setting; development needs none', () => {
		expect(settingsProblems({ NODE_ENV: 'development' })).toEqual([]);
		const problems = settingsProblems({ NODE_ENV: 'production' });
		expect(problems.map((p) => p.split(':')[0])).toEqual([
			'AUTH_SECRET',
			'SITE_URL',
			'PAYMENT_PROVIDER',
		]);
		const stripe = settingsProblems({
			NODE_ENV: 'production',
			AUTH_SECRET: 'x'.repeat(40),
			SITE_URL: 'https://matchday.example',
			PAYMENT_PROVIDER: 'stripe',
		});
		expect(stripe.map((p) => p.split(':')[0])).toEqual([
			'STRIPE_SECRET_KEY',
			'STRIPE_WEBHOOK_SECRET',
		]);
		const local = settingsProblems({
			NODE_ENV: 'production',
			AUTH_SECRET: 'x'.repeat(40),
			SITE_URL: 'http://localhost:4321',
			PAYMENT_PROVIDER: 'sandbox',
		});
		expect(local).toEqual([
			'SITE_URL: http://localhost:4321 is a local address; set the public origin',
		]);
		expect(settingsProblems({ NODE_ENV: 'production', AUTH_SECRET: 'short' })[0]).toMatch(
			/^AUTH_SECRET:/,
		);
	});

	it('finding 3: SITE_URL defaults to the listening address (a wildcard host reads as localhost)', () => {
		expect(listenOrigin('0.0.0.0', 4400)).toBe('http://localhost:4400');
		expect(listenOrigin('127.0.0.1', 4400)).toBe('http://127.0.0.1:4400');
		expect(listenOrigin('::1', 4400)).toBe('http://[::1]:4400');
		process.env = { ...saved, PORT: '4400', HOST: '0.0.0.0', SITE_URL: '' };
		resetConfigForTests();
		expect(config().SITE_URL).toBe('http://localhost:4400');
		expect(config().explicit.SITE_URL).toBe(false);
	});

	it('finding 3: the cross-site check accepts the configured origin and what Astro accepts (the address the request was sent to), nothing else', () => {
		const post = (url: string, origin: string) =>
			new Request(url, { method: 'POST', headers: { Origin: origin } });
		const site = 'http://localhost:4400';
		expect(isCrossSite(post('http://localhost:4400/api/auth/logout', site), site)).toBe(false);
		expect(
			isCrossSite(post('http://127.0.0.1:4400/api/auth/logout', 'http://127.0.0.1:4400'), site),
		).toBe(false);
		expect(
			isCrossSite(post('http://127.0.0.1:4400/api/auth/logout', 'https://evil.example'), site),
		).toBe(true);
		expect(
			isCrossSite(post('http://127.0.0.1:4400/api/auth/logout', 'http://localhost:4321'), site),
		).toBe(true);
	});

	it('22: free text in logs is scrubbed of tokens, passwords and cookies', () => {
		const line = scrub(
			'login {"email":"a@b.c","password":"hunter2"} cookie auth.access=abc.def; Authorization: Bearer xyz ?token=secret123 eyJhbGciOi.eyJzdWIiOi.c2lnbmF0dXJl',
		);
		for (const secret of ['hunter2', 'abc.def', 'xyz', 'secret123', 'eyJhbGciOi'])
			expect(line).not.toContain(secret);
	});
});
