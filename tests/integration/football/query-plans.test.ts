import { drizzle } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTranslations } from '~/i18n/server';
import { resetConfigForTests } from '~/server/config';
import { clearDataCache } from '~/server/cache/data-cache';
import { openDatabase, setDbHandleForTests, type Database } from '~/server/db/client';
import * as schema from '~/server/db/schema';
import { matchesHandler, standingsHandler } from '~/server/football/api/handlers';
import { ensureFootballData, resetEnsureForTests } from '~/server/football/ensure';
import { writeSynthetic } from '~/server/football/synthetic/write';
import { resolveTeamAddress } from '~/server/seo/addresses';
import type { ViewContext } from '~/server/views/context';
import { getHomeView } from '~/server/views/day-page';
import { getH2HView } from '~/server/views/h2h-page';
import { getLeagueView } from '~/server/views/league-page';
import { getMatchCentreView } from '~/server/views/match-page';
import { getTeamView } from '~/server/views/team-page';

// Every query behind the busiest pages and API calls, run for real against a synthetic data
// set of the large set's shape (one country: 4 competitions × 10 seasons, ~14,000 matches,
// ~190,000 events) in PostgreSQL, then EXPLAINed with the same parameters: none may read
// `matches` or `match_events` from end to end. A plan is the planner's choice for these
// statistics, so the set is big enough that a missing index shows as a sequential scan.

const BASE = process.env.TEST_DATABASE_URL;
// The replay feed would start with the match centre and outlive the scratch database.
process.env.FEED = 'off';
resetConfigForTests();
const NOW = new Date('2026-11-24T12:00:00Z');
const WATCHED = new Set(['matches', 'match_events']);

interface Captured {
	page: string;
	text: string;
	params: unknown[];
}

interface PlanNode {
	'Node Type': string;
	'Relation Name'?: string;
	Plans?: PlanNode[];
}

function seqScans(node: PlanNode, found: string[] = []): string[] {
	if (node['Node Type'] === 'Seq Scan' && WATCHED.has(node['Relation Name'] ?? ''))
		found.push(node['Relation Name']!);
	for (const child of node.Plans ?? []) seqScans(child, found);
	return found;
}

describe.skipIf(!BASE)('query plans on a large data set (set TEST_DATABASE_URL to run)', () => {
	const name = `${new URL(BASE ?? 'postgres://x/wt').pathname.slice(1)}_plans_${Date.now().toString(36)}`;
	const url = new URL(BASE ?? 'postgres://x/wt');
	url.pathname = `/${name}`;
	let admin: postgres.Sql;
	let client: postgres.Sql;
	const captured: Captured[] = [];
	let page = '';

	beforeAll(async () => {
		admin = postgres(BASE!, { max: 1, onnotice: () => {} });
		await admin.unsafe(`CREATE DATABASE ${name}`);
		const migrated = await openDatabase(url.toString());
		await migrated.close();
		client = postgres(url.toString(), { max: 4, onnotice: () => {} });
		await writeSynthetic(client, { seed: 18, scale: 0.05, now: NOW });
		const db = drizzle(client, {
			schema,
			logger: { logQuery: (text, params) => captured.push({ page, text, params }) },
		}) as unknown as Database;
		setDbHandleForTests({
			db,
			kind: 'postgres',
			exec: async (text) => {
				await client.unsafe(text);
			},
			close: async () => {},
			pool: () => ({ engine: 'postgres', max: 4 }),
		});
		resetEnsureForTests();
		// The first-start check (`EXISTS (SELECT 1 FROM matches)`, once per process) reads one
		// row of whatever table it meets first: settled here, outside the pages' queries.
		await ensureFootballData();
		captured.length = 0;
		clearDataCache();
	}, 180_000);

	afterAll(async () => {
		setDbHandleForTests(undefined);
		clearDataCache();
		await client?.end({ timeout: 5 });
		await admin?.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
		await admin?.end({ timeout: 5 });
	});

	it('the pages and API calls read matches and events through indexes only', async () => {
		const ctx: ViewContext = {
			locale: 'en',
			t: useTranslations('en'),
			origin: 'https://example.test',
			timeZone: 'Europe/Berlin',
		};
		const [busiest] = await client`SELECT m.id, m.home_team_id, m.away_team_id, s.competition_id,
			th.slug AS home_slug, ta.slug AS away_slug,
			(m.kickoff_at AT TIME ZONE 'Europe/Berlin')::date::text AS day
			FROM matches m JOIN seasons s ON s.id = m.season_id
			JOIN teams th ON th.id = m.home_team_id JOIN teams ta ON ta.id = m.away_team_id
			WHERE m.status = 'finished' ORDER BY m.kickoff_at DESC LIMIT 1`;
		const day = String(busiest!.day);
		const visits: [string, () => Promise<unknown>][] = [
			['home (today)', () => getHomeView(undefined, ctx)],
			['home (a match day)', () => getHomeView(day, ctx)],
			['match', () => getMatchCentreView(String(busiest!.id), ctx)],
			['league', () => getLeagueView(String(busiest!.competition_id), null, ctx)],
			['league (old season)', () => getLeagueView(String(busiest!.competition_id), '2019-20', ctx)],
			[
				'team',
				async () => {
					const address = await resolveTeamAddress(
						String(busiest!.home_slug),
						new URL(`https://example.test/en/team/${busiest!.home_slug}`),
						'en',
						NOW,
					);
					if (address.kind !== 'page') throw new Error(`team: ${address.kind}`);
					return getTeamView(address.value, ctx);
				},
			],
			[
				'head-to-head',
				async () => {
					const slug = `${busiest!.home_slug}-vs-${busiest!.away_slug}`;
					return getH2HView(slug, ctx);
				},
			],
			[
				'api standings',
				() =>
					standingsHandler({
						params: { id: String(busiest!.competition_id) },
						query: new URLSearchParams(),
						ifNoneMatch: null,
					}),
			],
			[
				'api matches',
				() =>
					matchesHandler({
						params: {},
						query: new URLSearchParams(`date=${day}&tz=Europe/Berlin`),
						ifNoneMatch: null,
						now: NOW,
					}),
			],
			[
				'api matches (live)',
				() =>
					matchesHandler({
						params: {},
						query: new URLSearchParams('status=live'),
						ifNoneMatch: null,
						now: NOW,
					}),
			],
		];
		for (const [label, visit] of visits) {
			page = label;
			// Each visit pays for its own queries, not for what an earlier one left in the cache.
			clearDataCache();
			const answer = await visit();
			expect(answer, label).toBeDefined();
			if (answer instanceof Response) expect(answer.status, label).toBe(200);
		}
		const reads = captured.filter((q) => /^\s*(select|with)\b/i.test(q.text));
		// Every page was visited and read something: an empty capture would pass vacuously.
		expect(new Set(reads.map((q) => q.page))).toEqual(new Set(visits.map(([l]) => l)));
		const problems: string[] = [];
		for (const q of reads) {
			const [row] = await client.unsafe(
				`EXPLAIN (FORMAT JSON) ${q.text}`,
				q.params as postgres.ParameterOrJSON<never>[],
			);
			const plan = (row!['QUERY PLAN'] as { Plan: PlanNode }[])[0]!.Plan;
			const scans = seqScans(plan);
			if (scans.length > 0)
				problems.push(`${q.page}: Seq Scan on ${scans.join(', ')}\n${q.text.slice(0, 400)}`);
		}
		expect(problems).toEqual([]);
	}, 120_000);
});
