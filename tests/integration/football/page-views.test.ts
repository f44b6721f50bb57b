import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as beacon from '~/pages/[locale]/match/[id]/seen.gif';
import { clearDataCache } from '~/server/cache/data-cache';
import { resetConfigForTests } from '~/server/config';
import { type DbHandle, setDbHandleForTests } from '~/server/db/client';
import { resetViewWindowForTests, VIEW_WINDOW_MS } from '~/server/football/page-views';
import { setClockForTests } from '~/server/clock';
import { mostPopularMatches } from '~/server/football/queries/popular';
import { rowsOf } from '~/server/db/rows';
import { sql } from 'drizzle-orm';
import { openScratchDatabase } from '../../helpers/database';
import { seedMatches } from '../live/helpers';

const CHROME =
	'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';
const COOKIE = 'i18n_redirected=en; tz=Europe%2FBerlin';

let handle: DbHandle;
let ids: string[];

beforeAll(async () => {
	Object.assign(process.env, { TRUSTED_PROXIES: '', NODE_ENV: 'test' });
	resetConfigForTests();
	handle = await openScratchDatabase();
	setDbHandleForTests(handle);
	ids = await seedMatches(handle, 2);
});
afterAll(async () => {
	setDbHandleForTests(undefined);
	await handle.close();
});
beforeEach(async () => {
	await handle.exec('TRUNCATE page_views');
	resetViewWindowForTests();
	clearDataCache();
});

/** The beacon as the server calls it. */
async function seen(
	id: string,
	opts: { client?: string; ua?: string | null; cookie?: string | null; xff?: string } = {},
) {
	const headers = new Headers();
	const ua = opts.ua === undefined ? CHROME : opts.ua;
	if (ua !== null) headers.set('user-agent', ua);
	const cookie = opts.cookie === undefined ? COOKIE : opts.cookie;
	if (cookie !== null) headers.set('cookie', cookie);
	if (opts.xff) headers.set('x-forwarded-for', opts.xff);
	const request = new Request(`http://matchday.test/en/match/${id}/seen.gif`, { headers });
	const run = beacon.GET as unknown as (ctx: unknown) => Response;
	const response = run({
		request,
		params: { locale: 'en', id },
		clientAddress: opts.client ?? '203.0.113.1',
	});
	expect(response.status).toBe(200);
	expect(response.headers.get('content-type')).toBe('image/gif');
}

async function views(id: string): Promise<number> {
	const rows = rowsOf<{ n: number }>(
		await handle.db.execute(
			sql`SELECT coalesce(sum(count), 0)::int AS n FROM page_views WHERE match_id = ${Number(id)}`,
		),
	);
	return Number(rows[0]?.n ?? 0);
}

describe('finding 15: the view beacon', () => {
	it('finding 15: 300 requests from one client count one view; five real visitors outrank them', async () => {
		const [real, pushed] = [ids[0]!, ids[1]!];
		for (let i = 0; i < 5; i++) await seen(real, { client: `198.51.100.${i + 1}` });
		for (let i = 0; i < 300; i++) {
			// Same address; a rotating X-Forwarded-For is not believed without a trusted proxy.
			await seen(pushed, { client: '203.0.113.66', xff: `192.0.2.${i % 250}` });
		}
		await expect.poll(() => views(real)).toBe(5);
		await expect.poll(() => views(pushed)).toBe(1);
		const popular = await mostPopularMatches(handle.db, { days: 1 });
		expect(popular.map((p) => String(p.match.id))).toEqual([real, pushed]);
	});

	it('finding 15: requests without cookies, without a User-Agent or from crawlers are not counted', async () => {
		const id = ids[0]!;
		for (let i = 0; i < 20; i++) {
			await seen(id, { client: `198.51.100.${i + 1}`, cookie: null });
			await seen(id, { client: `198.51.100.${i + 1}`, cookie: '' });
			await seen(id, { client: `198.51.100.${i + 1}`, ua: null });
			await seen(id, {
				client: `198.51.100.${i + 1}`,
				ua: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
			});
		}
		// A real view afterwards is counted (the counts above were skipped, not lost in flight).
		await seen(id, { client: '198.51.100.200' });
		await expect.poll(() => views(id)).toBe(1);
	});

	it('finding 15: the same client counts again for another match, and after the window', async () => {
		await seen(ids[0]!, { client: '198.51.100.9' });
		await seen(ids[1]!, { client: '198.51.100.9' });
		await expect.poll(() => views(ids[0]!)).toBe(1);
		await expect.poll(() => views(ids[1]!)).toBe(1);
		await seen(ids[0]!, { client: '198.51.100.9' });
		const start = Date.now();
		setClockForTests(() => start + VIEW_WINDOW_MS + 1000);
		try {
			await seen(ids[0]!, { client: '198.51.100.9' });
		} finally {
			setClockForTests();
		}
		await expect.poll(() => views(ids[0]!)).toBe(2);
	});
});
