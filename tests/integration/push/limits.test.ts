import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import webpush from 'web-push';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as loginRoute from '~/pages/api/auth/login';
import * as registerRoute from '~/pages/api/auth/register';
import * as subscriptionsRoute from '~/pages/api/push/subscriptions';
import { rowsOf } from '~/server/db/rows';
import { MAX_SUBSCRIPTIONS_PER_ACCOUNT } from '~/server/push/limits';
import { resetVapidForTests } from '~/server/push/vapid';
import {
	call,
	count,
	db,
	resetAuthWorld,
	setupAuthWorld,
	teardownAuthWorld,
} from '../auth/helpers';

/*
 * Issue 28/7: one address created 300 subscriptions with 100 targets each in 40 s. Now new
 * subscriptions are limited per client address and per account, an account keeps a bounded
 * number of them, and a subscription carries at most 100 targets.
 */
const VAPID = { ...webpush.generateVAPIDKeys(), subject: 'mailto:alerts@matchday.test' };
const all = ['kickoff', 'goal', 'red', 'ht', 'ft'];
const hundred = Array.from({ length: 100 }, (_, i) => ({ kind: 'team', id: i + 1, kinds: all }));

/** A browser's subscription as PushManager gives it (the push service's host is allowed). */
function browser() {
	const id = randomBytes(12).toString('base64url');
	return {
		endpoint: `https://fcm.googleapis.com/fcm/send/${id}`,
		keys: {
			p256dh: randomBytes(65).toString('base64url'),
			auth: randomBytes(16).toString('base64url'),
		},
	};
}

function subscribe(
	subscription: ReturnType<typeof browser>,
	options: { clientAddress: string; targets?: unknown[]; token?: string },
) {
	return call(subscriptionsRoute.POST, {
		body: {
			subscription,
			locale: 'en',
			timeZone: 'Europe/Berlin',
			targets: options.targets ?? hundred,
		},
		clientAddress: options.clientAddress,
		...(options.token ? { headers: { authorization: `Bearer ${options.token}` } } : {}),
	});
}

describe('push subscription limits (issue 28/7)', () => {
	beforeAll(async () => {
		await setupAuthWorld({
			VAPID_PUBLIC_KEY: VAPID.publicKey,
			VAPID_PRIVATE_KEY: VAPID.privateKey,
			VAPID_SUBJECT: VAPID.subject,
			PUSH_HOSTS: 'fcm.googleapis.com',
		});
		resetVapidForTests();
	}, 180_000);
	afterAll(async () => {
		await teardownAuthWorld();
		resetVapidForTests();
	});
	beforeEach(async () => {
		await resetAuthWorld();
		await db().exec('TRUNCATE push_subscriptions CASCADE');
	});

	it('one address: 20 new subscriptions, then 429 with Retry-After; others unaffected', async () => {
		const statuses: number[] = [];
		for (let i = 0; i < 21; i++)
			statuses.push((await subscribe(browser(), { clientAddress: '203.0.113.40' })).status);
		expect(statuses).toEqual([...Array(20).fill(200), 429]);
		const refused = await subscribe(browser(), { clientAddress: '203.0.113.40' });
		expect(refused.status).toBe(429);
		expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
		expect(await refused.json()).toMatchObject({ error: 'rate_limited' });
		expect(await count('push_subscriptions')).toBe(20);
		expect((await subscribe(browser(), { clientAddress: '203.0.113.41' })).status).toBe(200);
	});

	it('changing an existing subscription is not a new one (until the write limit)', async () => {
		const mine = browser();
		const statuses: number[] = [];
		for (let i = 0; i < 61; i++)
			statuses.push((await subscribe(mine, { clientAddress: '203.0.113.42' })).status);
		expect(statuses.slice(0, 60).every((s) => s === 200)).toBe(true);
		expect(statuses[60]).toBe(429);
		expect(await count('push_subscriptions')).toBe(1);
	});

	it('more than 100 targets is a 400 naming the field', async () => {
		const tooMany = [...hundred, { kind: 'team', id: 101, kinds: all }];
		const r = await subscribe(browser(), { clientAddress: '203.0.113.43', targets: tooMany });
		expect(r.status).toBe(400);
		expect(await r.json()).toMatchObject({ fields: ['targets'] });
	});

	it('an account keeps its newest subscriptions and is limited from any address', async () => {
		const password = 'correct horse battery staple';
		await call(registerRoute.POST, {
			body: { email: 'fan@example.com', password, name: 'Fan' },
		});
		const login = await call(loginRoute.POST, { body: { email: 'fan@example.com', password } });
		const token = ((await login.json()) as { data: { token: { access_token: string } } }).data.token
			.access_token;
		const statuses: number[] = [];
		const made: string[] = [];
		for (let i = 0; i < 21; i++) {
			const b = browser();
			made.push(b.endpoint);
			statuses.push((await subscribe(b, { clientAddress: `198.51.100.${i + 1}`, token })).status);
		}
		expect(statuses).toEqual([...Array(20).fill(200), 429]);
		const kept = rowsOf<{ endpoint: string }>(
			await db().db.execute(sql`SELECT endpoint FROM push_subscriptions WHERE user_id IS NOT NULL`),
		).map((r) => r.endpoint);
		expect(kept.sort()).toEqual(made.slice(20 - MAX_SUBSCRIPTIONS_PER_ACCOUNT, 20).sort());
	});
});
