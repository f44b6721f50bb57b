import { sql } from 'drizzle-orm';
import webpush from 'web-push';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as keyRoute from '~/pages/api/push/vapid-public-key';
import * as stopRoute from '~/pages/api/push/stop';
import * as subscriptionsRoute from '~/pages/api/push/subscriptions';
import { rowsOf } from '~/server/db/rows';
import { applyLiveChange } from '~/server/live/apply';
import { MemoryBus } from '~/server/live/bus';
import { timelineEntry } from '~/server/live/types';
import { PushRunner } from '~/server/push/runner';
import { resetVapidForTests } from '~/server/push/vapid';
import {
	type FakeBrowser,
	type PushServiceStandIn,
	startPushService,
} from '../../helpers/push-service';
import {
	call,
	count,
	db,
	resetAuthWorld,
	setupAuthWorld,
	teardownAuthWorld,
} from '../auth/helpers';
import { type FootballFixture, seedFootball } from '../follows/world';

const VAPID = { ...webpush.generateVAPIDKeys(), subject: 'mailto:alerts@matchday.test' };

describe(`Web Push alerts end to end (${process.env['TEST_DATABASE_URL'] ? 'PostgreSQL' : 'PGlite'})`, () => {
	let service: PushServiceStandIn;
	let world: FootballFixture;

	beforeAll(async () => {
		service = await startPushService(VAPID);
		await setupAuthWorld({
			VAPID_PUBLIC_KEY: VAPID.publicKey,
			VAPID_PRIVATE_KEY: VAPID.privateKey,
			VAPID_SUBJECT: VAPID.subject,
			PUSH_HOSTS: `fcm.googleapis.com,${service.origin}`,
		});
		resetVapidForTests();
	}, 180_000);
	afterAll(async () => {
		await teardownAuthWorld();
		await service.close();
		resetVapidForTests();
	});
	beforeEach(async () => {
		await resetAuthWorld();
		await db().exec('TRUNCATE push_subscriptions, push_outbox, push_cursor, live_events CASCADE');
		world = await seedFootball();
		service.deliveries.length = 0;
		service.problems.length = 0;
		// A new deployment starts at the end of the log: nothing old is sent.
		await runner().pass();
	});

	async function subscribe(
		browser: FakeBrowser,
		options: {
			locale?: string;
			spoilerSafe?: boolean;
			quiet?: { from: string; to: string } | null;
			targets: { kind: 'team' | 'match'; id: number; kinds: string[] }[];
		},
	): Promise<Response> {
		return call(subscriptionsRoute.POST, {
			body: {
				subscription: { endpoint: browser.endpoint, keys: browser.keys },
				locale: options.locale ?? 'en',
				timeZone: 'Europe/Berlin',
				spoilerSafe: options.spoilerSafe ?? false,
				quiet: options.quiet ?? null,
				targets: options.targets,
			},
		});
	}

	/**
	 * The real sender (web-push: encryption, VAPID, headers), told to trust the stand-in's
	 * self-signed certificate; a new runner is a new process as far as the queue can tell.
	 */
	const runner = () =>
		new PushRunner(
			async () => db().db,
			(subscription, body, options) =>
				webpush.sendNotification(subscription, body, { ...options, agent: service.agent }),
		);
	const bus = new MemoryBus();
	const goal = (matchId: number) =>
		applyLiveChange(
			{
				matchId: String(matchId),
				kind: 'event',
				status: 'live',
				minute: 23,
				score: { home: 1, away: 0 },
				entry: timelineEntry({ type: 'goal', minute: 23, side: 'home', player: 'Diego Striker' }),
			},
			{ db: db().db, bus },
		);

	it('serves the public key', async () => {
		const response = await call(keyRoute.GET, { method: 'GET' });
		expect(await response.json()).toEqual({ key: VAPID.publicKey });
	});

	it('a goal reaches the right subscriptions once, in their language and spoiler mode', async () => {
		const fan = service.browser('fan');
		const careful = service.browser('careful');
		const other = service.browser('other');
		const { blue, green } = world.teams;
		const all = ['kickoff', 'goal', 'red', 'ht', 'ft'];
		expect(
			(await subscribe(fan, { targets: [{ kind: 'team', id: blue, kinds: all }] })).status,
		).toBe(200);
		await subscribe(careful, {
			locale: 'de',
			spoilerSafe: true,
			targets: [{ kind: 'match', id: world.matches.next, kinds: ['goal'] }],
		});
		await subscribe(other, { targets: [{ kind: 'team', id: green, kinds: all }] });

		const event = await goal(world.matches.next);
		await runner().pass();

		expect(service.problems).toEqual([]);
		expect(service.deliveries.map((d) => d.endpoint).sort()).toEqual(
			[fan.endpoint, careful.endpoint].sort(),
		);
		const toFan = service.deliveries.find((d) => d.endpoint === fan.endpoint)!;
		expect(toFan.payload).toMatchObject({
			body: 'Goal! Diego Striker 23′ · Blue FC 1–0 Red FC',
			url: `/en/match/${world.matches.next}#event-${event.id}`,
			tag: `match-${world.matches.next}`,
			kind: 'goal',
		});
		expect(toFan.headers['urgency']).toBe('high');
		expect(toFan.headers['topic']).toBe(`match-${world.matches.next}`);
		expect(Number(toFan.headers['ttl'])).toBeGreaterThan(0);
		expect(Number(toFan.headers['ttl'])).toBeLessThanOrEqual(180);
		const toCareful = service.deliveries.find((d) => d.endpoint === careful.endpoint)!;
		expect(toCareful.payload['body']).toBe('Tor in Blue FC – Red FC');

		// Another process, a restart: nothing is sent twice.
		await runner().pass();
		expect(service.deliveries).toHaveLength(2);
	});

	it('an event committed while no sender ran (killed after commit) is sent once at restart', async () => {
		const fan = service.browser('restart');
		await subscribe(fan, { targets: [{ kind: 'match', id: world.matches.next, kinds: ['goal'] }] });
		await goal(world.matches.next); // committed; the process "dies" before any queue pass
		expect(await count('push_outbox')).toBe(0);
		await Promise.all([runner().pass(), runner().pass()]);
		expect(service.deliveries.filter((d) => d.endpoint === fan.endpoint)).toHaveLength(1);
	});

	it('retries with backoff, and deletes a subscription the service says is gone', async () => {
		const flaky = service.browser('flaky');
		const gone = service.browser('gone');
		for (const b of [flaky, gone])
			await subscribe(b, { targets: [{ kind: 'match', id: world.matches.next, kinds: ['goal'] }] });
		service.answer.set(flaky.endpoint, [503]);
		service.answer.set(gone.endpoint, [410]);
		await goal(world.matches.next);
		await runner().pass();
		expect(service.deliveries).toHaveLength(0);
		const [row] = rowsOf<{ attempts: number; later: boolean }>(
			await db().db.execute(sql`SELECT attempts, next_attempt_at > now() AS later FROM push_outbox
				WHERE sent_at IS NULL`),
		);
		expect(row).toEqual({ attempts: 1, later: true });
		expect(await count('push_subscriptions')).toBe(1);
		// The backoff has passed.
		await db().exec('UPDATE push_outbox SET next_attempt_at = now()');
		await runner().pass();
		expect(service.deliveries.map((d) => d.endpoint)).toEqual([flaky.endpoint]);
		// The gone subscription's row is never claimed again (no foreign key removes it: the
		// queue stays cheap to fill); it is purged a day after it expired.
		const orphan = () =>
			db().db.execute(sql`SELECT attempts FROM push_outbox o WHERE NOT EXISTS
				(SELECT 1 FROM push_subscriptions s WHERE s.id = o.subscription_id)`);
		expect(rowsOf<{ attempts: number }>(await orphan())).toEqual([{ attempts: 1 }]);
		await db().exec(`UPDATE push_outbox SET expires_at = now() - interval '2 days'`);
		await runner().pass();
		expect(rowsOf(await orphan())).toEqual([]);
	});

	it('keeps quiet hours and the kinds chosen; one click stops a kind', async () => {
		const sleeper = service.browser('sleeper');
		const picky = service.browser('picky');
		await subscribe(sleeper, {
			quiet: { from: '00:00', to: '23:59' },
			targets: [{ kind: 'match', id: world.matches.next, kinds: ['goal'] }],
		});
		await subscribe(picky, { targets: [{ kind: 'match', id: world.matches.next, kinds: ['ft'] }] });
		await goal(world.matches.next);
		await runner().pass();
		expect(service.deliveries).toEqual([]);

		const stopped = await call(stopRoute.POST, {
			body: { endpoint: picky.endpoint, auth: picky.keys.auth, kind: 'ft' },
		});
		expect(stopped.status).toBe(200);
		const [target] = rowsOf<{ kinds: string[] }>(
			await db().db.execute(sql`SELECT kinds FROM push_targets t JOIN push_subscriptions s
				ON s.id = t.subscription_id WHERE s.endpoint = ${picky.endpoint}`),
		);
		expect(target?.kinds).toEqual([]);
	});

	it('refuses endpoints of unknown hosts, bad keys and other owners', async () => {
		const evil = await call(subscriptionsRoute.POST, {
			body: {
				subscription: {
					endpoint: 'http://169.254.169.254/latest',
					keys: service.browser('x').keys,
				},
				locale: 'en',
				timeZone: 'Europe/Berlin',
				targets: [],
			},
		});
		expect(evil.status).toBe(400);
		expect(((await evil.json()) as { fields: string[] }).fields).toEqual(['subscription']);
		const badZone = await call(subscriptionsRoute.POST, {
			body: {
				subscription: { endpoint: service.browser('y').endpoint, keys: service.browser('y').keys },
				locale: 'en',
				timeZone: 'Mars/Olympus',
				targets: [],
			},
		});
		expect(((await badZone.json()) as { fields: string[] }).fields).toEqual(['timeZone']);
		const owner = service.browser('owner');
		await subscribe(owner, { targets: [] });
		const thief = await call(subscriptionsRoute.POST, {
			body: {
				subscription: { endpoint: owner.endpoint, keys: service.browser('thief').keys },
				locale: 'en',
				timeZone: 'UTC',
				targets: [],
			},
		});
		expect(thief.status).toBe(409);
		const wrongDelete = await call(subscriptionsRoute.DELETE, {
			method: 'DELETE',
			body: { endpoint: owner.endpoint, auth: service.browser('thief').keys.auth },
		});
		expect(wrongDelete.status).toBe(404);
		const rightDelete = await call(subscriptionsRoute.DELETE, {
			method: 'DELETE',
			body: { endpoint: owner.endpoint, auth: owner.keys.auth },
		});
		expect(rightDelete.status).toBe(200);
	});
});
