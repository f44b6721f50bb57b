import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as loginRoute from '~/pages/api/auth/login';
import * as registerRoute from '~/pages/api/auth/register';
import * as leaguesRoute from '~/pages/api/games/leagues/index';
import * as joinRoute from '~/pages/api/games/leagues/join';
import { answerLeagueForm } from '~/server/games/api';
import { call, resetAuthWorld, setupAuthWorld, teardownAuthWorld } from '../auth/helpers';

/*
 * Issue 28/7: 25 wrong friends-league codes in a row got no 429. Wrong codes are now limited
 * per user (10 in 15 minutes) and per client address (20); a right code never counts.
 */
const PASSWORD = 'correct horse battery staple';
const HOME = '203.0.113.60';

async function member(email: string): Promise<string> {
	await call(registerRoute.POST, {
		body: { email, password: PASSWORD, name: email.split('@')[0] },
	});
	const r = await call(loginRoute.POST, { body: { email, password: PASSWORD } });
	return ((await r.json()) as { data: { token: { access_token: string } } }).data.token
		.access_token;
}

function join(token: string, code: string, clientAddress = HOME) {
	return call(joinRoute.POST, {
		body: { code },
		headers: { authorization: `Bearer ${token}` },
		clientAddress,
	});
}

/** A wrong code of the right shape (no 0, 1, I or O), different each time. */
const wrong = (i: number) => `ZZZZZZ${'23456789'[Math.floor(i / 8) % 8]}${'23456789'[i % 8]}`;

describe('friends-league joins: wrong codes are limited (issue 28/7)', () => {
	let code = '';
	beforeAll(() => setupAuthWorld({ REDIS_URL: '' }));
	afterAll(teardownAuthWorld);
	beforeEach(async () => {
		await resetAuthWorld();
		const owner = await member('owner@example.com');
		const made = await call(leaguesRoute.POST, {
			body: { name: 'Office league' },
			headers: { authorization: `Bearer ${owner}` },
		});
		code = ((await made.json()) as { data: { code: string } }).data.code;
	});

	it('a guesser gets 404 ten times, then 429 with Retry-After, even for the right code', async () => {
		const guesser = await member('guesser@example.com');
		const statuses: number[] = [];
		for (let i = 0; i < 12; i++)
			statuses.push((await join(guesser, wrong(i), `198.51.100.${i + 1}`)).status);
		expect(statuses).toEqual([...Array(10).fill(404), 429, 429]);
		const refused = await join(guesser, code, '198.51.100.99');
		expect(refused.status).toBe(429);
		expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
		expect(await refused.json()).toMatchObject({ error: 'rate_limited' });
	});

	it('per address: 20 wrong codes from several accounts, then 429; right codes never count', async () => {
		const friend = await member('friend@example.com');
		for (let i = 0; i < 25; i++) expect((await join(friend, code)).status).toBe(200);
		const guessers = [await member('a@example.com'), await member('b@example.com')];
		const statuses: number[] = [];
		for (let i = 0; i < 21; i++)
			statuses.push((await join(guessers[i % 2] as string, wrong(i))).status);
		expect(statuses).toEqual([...Array(20).fill(404), 429]);
	});

	it('the page form answers 429 with Retry-After and its own message code', async () => {
		await member('form@example.com');
		const me = await call(loginRoute.POST, {
			body: { email: 'form@example.com', password: PASSWORD },
		});
		const userId = ((await me.json()) as { data: { id: string } }).data.id;
		const post = (c: string) =>
			answerLeagueForm(
				new Request('http://matchday.test/en/live-games', {
					method: 'POST',
					headers: { 'content-type': 'application/x-www-form-urlencoded' },
					body: new URLSearchParams({ intent: 'join', code: c }).toString(),
				}),
				{ user: { id: userId }, origin: 'http://matchday.test' },
				'198.51.100.200',
			);
		for (let i = 0; i < 10; i++) expect(await post(wrong(i))).toMatchObject({ status: 404 });
		expect(await post(wrong(11))).toMatchObject({
			ok: false,
			status: 429,
			code: 'tooManyCodes',
			retryAfter: expect.any(Number),
		});
	});
});
