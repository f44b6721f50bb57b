import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as registerRoute from '~/pages/api/auth/register';
import { answerForm } from '~/server/auth/forms';
import { resetRateLimitsForTests } from '~/server/auth/rate-limit';
import { call, setupAuthWorld, SITE, teardownAuthWorld } from './helpers';

const PASSWORD = 'correct horse battery staple';

/** A no-JavaScript login form post, as the browser sends it (the query parser decodes once). */
async function formLogin(redirect: string, locale: 'en' | 'de' = 'en'): Promise<Response> {
	resetRateLimitsForTests();
	const body = new URLSearchParams({
		email: 'fan@example.com',
		password: PASSWORD,
		redirect,
	}).toString();
	const request = new Request(`${SITE}/${locale}/login`, {
		method: 'POST',
		headers: { 'content-type': 'application/x-www-form-urlencoded' },
		body,
	});
	return answerForm('login', request, {
		locale,
		clientAddress: '203.0.113.9',
		web: null,
		cms: null,
	});
}

const HOSTILE = [
	// C1
	'//evil.com',
	'///evil.com',
	decodeURIComponent('%2F%2Fevil.com'),
	// C2
	'/\\evil.com',
	'\\\\evil.com',
	'\\/evil.com',
	'/\t/evil.com',
	'/%09/evil.com',
	'/\n/evil.com',
	'/%0a/evil.com',
	'\x08//evil.com',
	' //evil.com',
	// C3
	'/..//evil.com',
	'/.//evil.com',
	'/a/../..//evil.com',
	// C4
	'https://evil.com',
	'http:evil.com',
	'javascript:alert(1)',
	'data:text/html,<script>alert(1)</script>',
	'/%0d%0aSet-Cookie:%20x=1',
	'/\r\nSet-Cookie: x=1',
	`/${'a'.repeat(10 * 1024)}`,
	'/login?next=/login?next=/login',
	'/en/login?redirect=/en/login',
];

describe('redirect after login (checklist C1-C5, G2)', () => {
	beforeAll(async () => {
		await setupAuthWorld();
		await call(registerRoute.POST, {
			body: { email: 'fan@example.com', password: PASSWORD, name: 'Fan' },
		});
	});
	afterAll(teardownAuthWorld);
	beforeEach(async () => {
		resetRateLimitsForTests();
	});

	it.each(HOSTILE.map((v) => [JSON.stringify(v).slice(0, 60), v]))(
		'C1-C4: %s falls back to /',
		async (_label, value) => {
			const response = await formLogin(value);
			expect(response.status).toBe(303);
			expect(response.headers.get('location')).toBe('/');
			// The login itself succeeded (fresh auth cookies), and nothing was injected.
			expect(response.headers.getSetCookie().some((c) => c.startsWith('auth._token.local='))).toBe(
				true,
			);
			expect(response.headers.getSetCookie().some((c) => c.startsWith('x='))).toBe(false);
		},
	);

	it('C5: a legitimate deep link is kept exactly', async () => {
		const response = await formLogin('/de/match/123?tab=live#events');
		expect(response.status).toBe(303);
		expect(response.headers.get('location')).toBe('/de/match/123?tab=live#events');
	});

	it('G2: a login POST on /de/login with next=/de/live answers 303 /de/live', async () => {
		const body = new URLSearchParams({
			email: 'fan@example.com',
			password: PASSWORD,
			next: '/de/live',
		}).toString();
		const request = new Request(`${SITE}/de/login`, {
			method: 'POST',
			headers: { 'content-type': 'application/x-www-form-urlencoded' },
			body,
		});
		const response = await answerForm('login', request, {
			locale: 'de',
			clientAddress: '203.0.113.9',
			web: null,
			cms: null,
		});
		expect(response.status).toBe(303);
		expect(response.headers.get('location')).toBe('/de/live');
	});

	it('a failed form login goes back with the error code and keeps only a safe redirect', async () => {
		const bad = new URLSearchParams({
			email: 'fan@example.com',
			password: 'nope nope',
			redirect: '//evil.com',
		}).toString();
		const request = new Request(`${SITE}/en/login`, {
			method: 'POST',
			headers: { 'content-type': 'application/x-www-form-urlencoded' },
			body: bad,
		});
		const response = await answerForm('login', request, {
			locale: 'en',
			clientAddress: '203.0.113.9',
			web: null,
			cms: null,
		});
		expect(response.headers.get('location')).toBe('/en/login?error=invalid_credentials');
		const good = new URLSearchParams({
			email: 'fan@example.com',
			password: 'nope nope',
			redirect: '/en/account',
		}).toString();
		const again = await answerForm(
			'login',
			new Request(`${SITE}/en/login`, {
				method: 'POST',
				headers: { 'content-type': 'application/x-www-form-urlencoded' },
				body: good,
			}),
			{ locale: 'en', clientAddress: '203.0.113.9', web: null, cms: null },
		);
		expect(again.headers.get('location')).toBe(
			'/en/login?error=invalid_credentials&redirect=%2Fen%2Faccount',
		);
	});
});
