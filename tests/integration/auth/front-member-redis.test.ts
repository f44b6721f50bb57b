import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as loginRoute from '~/pages/api/auth/login';
import * as registerRoute from '~/pages/api/auth/register';
import * as meRoute from '~/pages/api/me';
import { REVOCATION_CHANNEL, resetVouchesForTests, vouchingOpen } from '~/server/auth/vouches';
import { memberHit } from '~/server/front/cache';
import { cacheKey, cacheRoute, memberKey, store } from '~/server/cache/route-cache';
import { expiryReminder } from '~/server/payments/billing';
import { call, db, setupAuthWorld, teardownAuthWorld } from './helpers';

// Revocations reach every process through Redis: a session revoked by another process (its
// row updated, then the change published after commit) stops being answered by this
// process's front, and Astro's short session-check cache forgets it too.

const REDIS = process.env.TEST_REDIS_URL;
const PAGE = '/en/league/1';

async function until(condition: () => boolean, what: string): Promise<void> {
	for (let i = 0; i < 100 && !condition(); i++) await new Promise((r) => setTimeout(r, 50));
	expect(condition(), what).toBe(true);
}

describe.skipIf(!REDIS)('revocations from another process (set TEST_REDIS_URL to run)', () => {
	let other: Redis;
	beforeAll(async () => {
		await setupAuthWorld({ REDIS_URL: REDIS! });
		resetVouchesForTests();
		other = new Redis(REDIS!);
	});
	afterAll(async () => {
		other.disconnect();
		resetVouchesForTests();
		await teardownAuthWorld();
	});

	it('a session revoked elsewhere stops here as soon as the message arrives', async () => {
		await until(vouchingOpen, 'subscribed to the revocations');
		const email = 'far@example.com';
		const password = 'correct horse battery staple';
		await call(registerRoute.POST, { body: { email, password, name: 'Fan' } });
		const login = await call(loginRoute.POST, { body: { email, password } });
		const access = ((await login.json()) as { data: { token: { access_token: string } } }).data
			.token.access_token;
		const { sid, sub } = JSON.parse(Buffer.from(access.split('.')[1]!, 'base64url').toString());
		const me = () =>
			call(meRoute.GET, { method: 'GET', headers: { authorization: `Bearer ${access}` } });
		expect((await me()).status).toBe(200);
		await expiryReminder(sub);
		const page = new Response('<p>members</p>', { headers: { 'Content-Type': 'text/html' } });
		cacheRoute(page.headers, { maxAge: 60 });
		await store(memberKey(cacheKey(PAGE, undefined, undefined)), page);
		const cookie = `auth._token.local=${access}`;
		expect(memberHit(PAGE, PAGE, cookie, undefined)).toBeDefined();

		// The other process: revoke the row, commit, then publish.
		await db().exec(`UPDATE auth_sessions SET revoked_at = now() WHERE id = '${sid}'`);
		await other.publish(REVOCATION_CHANNEL, JSON.stringify({ t: 'session', id: sid }));
		await until(() => memberHit(PAGE, PAGE, cookie, undefined) === undefined, 'front stopped');
		// Astro's two-second check cache forgot it as well: the very next request asks the database.
		expect((await me()).status).toBe(401);
	});

	it('ignores messages that are not revocations', async () => {
		await other.publish(REVOCATION_CHANNEL, '{"t":"drop-everything"}');
		await other.publish(REVOCATION_CHANNEL, 'not json');
		expect(vouchingOpen()).toBe(true);
	});
});
