import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import webpush from 'web-push';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type DbHandle } from '~/server/db/client';
import { rowsOf } from '~/server/db/rows';
import { applyLiveChange } from '~/server/live/apply';
import { MemoryBus } from '~/server/live/bus';
import { timelineEntry } from '~/server/live/types';
import { startPushService, type PushServiceStandIn } from '../../helpers/push-service';
import { seedFootball } from '../follows/world';
import { type SiteProcess, spawnSite, waitUp } from '../live/site-process';

/**
 * Issue 17's proof with a real crash: the built site's own alert sender, on PostgreSQL, is
 * killed with SIGKILL while its push for a committed goal is in flight (the push service
 * has the request and has not answered). A new process then delivers that alert, and only
 * once: the push service never accepted the first one, and the row stays claimed until its
 * backoff passes, so the two processes never both deliver.
 */
const OUT = process.env.LIVE_SITE_DIR;
const PG = process.env.TEST_DATABASE_URL;
const entry = OUT ? join(OUT, 'server', 'entry.mjs') : '';
const SERVE = join(process.cwd(), 'scripts', 'serve.mjs');
const PORT = 5200 + Math.floor(Math.random() * 100);
const VAPID = { ...webpush.generateVAPIDKeys(), subject: 'mailto:alerts@matchday.test' };

const wait = async (what: () => boolean | Promise<boolean>, ms: number, label: string) => {
	const deadline = Date.now() + ms;
	while (Date.now() < deadline) {
		if (await what()) return;
		await new Promise((r) => setTimeout(r, 100));
	}
	throw new Error(`timed out waiting for ${label}`);
};

describe.skipIf(!OUT || !existsSync(entry) || !PG)(
	'a sender killed mid-push (set LIVE_SITE_DIR and TEST_DATABASE_URL)',
	() => {
		const name = `pushkill_${Date.now().toString(36)}`;
		const dataDir = mkdtempSync(join(tmpdir(), 'pushkill-'));
		const sites: SiteProcess[] = [];
		let service: PushServiceStandIn | undefined;
		let handle: DbHandle | undefined;
		let admin: import('postgres').Sql | undefined;
		afterAll(async () => {
			for (const s of sites) s.child.kill('SIGKILL');
			await new Promise((r) => setTimeout(r, 300));
			await handle?.close();
			await service?.close();
			await admin?.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
			await admin?.end({ timeout: 5 });
			rmSync(dataDir, { recursive: true, force: true });
		});

		it('the alert of a goal committed before a kill -9 mid-push arrives exactly once, from the next process', {
			timeout: 300_000,
		}, async () => {
			const { default: postgres } = await import('postgres');
			admin = postgres(PG!, { max: 1, onnotice: () => {} });
			await admin.unsafe(`CREATE DATABASE ${name}`);
			const url = new URL(PG!);
			url.pathname = `/${name}`;
			// Migrated and seeded here: the site finds matches and imports nothing.
			handle = await openDatabase(url.href);
			const world = await seedFootball(new Date(), handle);
			const db = handle.db;

			service = await startPushService(VAPID);
			const certFile = join(dataDir, 'push-ca.pem');
			writeFileSync(certFile, service.cert);
			const env = {
				ASTRO_OUT_DIR: OUT!,
				HOST: '127.0.0.1',
				PORT: String(PORT),
				SITE_URL: `http://127.0.0.1:${PORT}`,
				DATABASE_URL: url.href,
				DATA_DIR: dataDir,
				FEED: 'off',
				VAPID_PUBLIC_KEY: VAPID.publicKey,
				VAPID_PRIVATE_KEY: VAPID.privateKey,
				VAPID_SUBJECT: VAPID.subject,
				PUSH_HOSTS: `fcm.googleapis.com,${service.origin}`,
				NODE_EXTRA_CA_CERTS: certFile,
			};
			const start = async () => {
				const site = spawnSite(SERVE, env);
				sites.push(site);
				await waitUp(PORT, site);
				// The live hub (and with it the alert sender) starts with the first live client.
				const ac = new AbortController();
				await fetch(`http://127.0.0.1:${PORT}/api/live`, { signal: ac.signal }).catch(() => {});
				ac.abort();
				return site;
			};

			const first = await start();
			const fan = service.browser('fan');
			const subscribed = await fetch(`http://127.0.0.1:${PORT}/api/push/subscriptions`, {
				method: 'POST',
				headers: { 'content-type': 'application/json', origin: `http://127.0.0.1:${PORT}` },
				body: JSON.stringify({
					subscription: { endpoint: fan.endpoint, keys: fan.keys },
					locale: 'en',
					timeZone: 'Europe/Berlin',
					spoilerSafe: false,
					quiet: null,
					targets: [{ kind: 'match', id: world.matches.next, kinds: ['goal'] }],
				}),
			});
			expect(subscribed.status).toBe(200);

			// The push service takes the request and sits on it; the goal commits.
			service.hold.add(fan.endpoint);
			await applyLiveChange(
				{
					matchId: String(world.matches.next),
					kind: 'event',
					status: 'live',
					minute: 23,
					score: { home: 1, away: 0 },
					entry: timelineEntry({ type: 'goal', minute: 23, side: 'home', player: 'Diego Striker' }),
				},
				{ db, bus: new MemoryBus() },
			);
			// The site hears of commits in other processes on its retry tick (5 s).
			await wait(() => service!.held.length > 0, 30_000, 'the push to be in flight');
			first.child.kill('SIGKILL');
			await wait(() => first.child.signalCode !== null, 10_000, 'the process to die');
			const [claimed] = rowsOf<{ attempts: number; sent: boolean }>(
				await db.execute('SELECT attempts, sent_at IS NOT NULL AS sent FROM push_outbox' as never),
			);
			expect(claimed).toEqual({ attempts: 1, sent: false });
			expect(service.deliveries).toHaveLength(0);

			// A new process: the service answers again; the claimed row is retried after its
			// backoff and delivered once, with the topic that would replace a stray copy.
			service.hold.clear();
			await start();
			await wait(() => service!.deliveries.length > 0, 60_000, 'the alert to be delivered');
			expect(service.problems).toEqual([]);
			const [delivery] = service.deliveries;
			expect(delivery?.endpoint).toBe(fan.endpoint);
			expect(delivery?.payload).toMatchObject({
				body: 'Goal! Diego Striker 23′ · Blue FC 1–0 Red FC',
			});
			expect(delivery?.headers['topic']).toBe(`match-${world.matches.next}`);
			// Two more retry ticks: nothing else goes out.
			await new Promise((r) => setTimeout(r, 11_000));
			expect(service.deliveries).toHaveLength(1);
			expect(service.held).toHaveLength(1);
			const [done] = rowsOf<{ sent: boolean }>(
				await db.execute('SELECT sent_at IS NOT NULL AS sent FROM push_outbox' as never),
			);
			expect(done).toEqual({ sent: true });
		});
	},
);
