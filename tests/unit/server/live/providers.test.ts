import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
	apiFootballInterval,
	mapApiFootballFixture,
	mapLineups,
	msToUtcMidnight,
} from '~/server/live/providers/api-football';
import { mapFootballDataMatch } from '~/server/live/providers/football-data';
import { diffMatch, type ProviderMatch } from '~/server/live/providers/normalized';
import { liveChangeSchema } from '~/server/live/apply';

const fixture = (path: string) =>
	JSON.parse(
		readFileSync(new URL(`../../../fixtures/providers/${path}`, import.meta.url), 'utf8'),
	) as {
		matches?: unknown[];
		response?: unknown[];
	};

describe('football-data.org v4 mapping', () => {
	const list = fixture('football-data/matches-1.json').matches!;
	const byId = new Map(
		list
			.map(mapFootballDataMatch)
			.filter((m): m is ProviderMatch => m !== null)
			.map((m) => [m.providerId, m]),
	);

	it('maps statuses, tolerating unknown values and broken items', () => {
		expect(byId.get('5001')).toMatchObject({
			status: 'live',
			minute: 37,
			score: { home: 1, away: 0 },
			homeName: 'Northton FC',
		});
		expect(byId.get('5002')).toMatchObject({
			status: 'half_time',
			minute: 45,
			ht: { home: 0, away: 1 },
		});
		expect(byId.get('5003')).toMatchObject({
			status: 'scheduled',
			score: null,
			ht: null,
			minute: null,
		});
		expect(byId.get('5007')).toMatchObject({ status: 'postponed', score: null });
		expect(byId.get('5008')).toMatchObject({ status: 'cancelled', score: null });
		// Unknown status: kept, but the status is left alone (null), not a crash.
		expect(byId.get('5009')).toMatchObject({ status: null, score: { home: 0, away: 0 } });
		// No team names: skipped.
		expect(byId.has('5010')).toBe(false);
	});

	it('builds the match score from regular + extra time, with the shoot-out apart', () => {
		expect(byId.get('5005')).toMatchObject({
			status: 'finished_aet',
			score: { home: 2, away: 1 },
			et: { home: 1, away: 0 },
		});
		expect(byId.get('5006')).toMatchObject({
			status: 'finished_pen',
			score: { home: 1, away: 1 },
			pen: { home: 4, away: 5 },
		});
	});

	it('maps goals (penalty, own goal, added time), cards and substitutions to valid timeline entries', () => {
		const fin = byId.get('5004')!;
		expect(fin.incidents.map((i) => `${i.entry.type}@${i.entry.minute}${i.entry.side}`)).toEqual([
			'penalty_goal@10home',
			'own_goal@40away',
			'goal@90home',
			'yellow@30away',
			'red@77home',
			'second_yellow@80away',
			'substitution@60home',
			'substitution@70away',
		]);
		expect(fin.incidents[2]?.entry.addedTime).toBe(3);
		expect(fin.incidents[6]?.entry).toMatchObject({ player: 'Jon Vale', detail: 'Ian Frost' });
		for (const i of fin.incidents)
			expect(() =>
				liveChangeSchema.parse({ matchId: '1', kind: 'event', entry: i.entry }),
			).not.toThrow();
		expect(new Set(fin.incidents.map((i) => i.key)).size).toBe(fin.incidents.length);
	});
});

describe('API-Football v3 mapping', () => {
	const live = fixture('api-football/live-1.json').response!.map(mapApiFootballFixture);
	const done = fixture('api-football/finished.json').response!.map(mapApiFootballFixture);

	it('maps live, half-time and unknown statuses; skips items without teams', () => {
		expect(live[0]).toMatchObject({
			providerId: '7001',
			status: 'live',
			minute: 37,
			score: { home: 1, away: 0 },
		});
		expect(live[0]?.incidents[0]?.entry).toMatchObject({
			type: 'goal',
			minute: 23,
			side: 'home',
			player: 'A. Quill',
		});
		expect(live[1]).toMatchObject({ status: 'half_time', ht: { home: 0, away: 1 } });
		expect(live[1]?.incidents[0]?.entry.type).toBe('own_goal');
		expect(live[2]).toMatchObject({ status: null, score: null, minute: null });
		expect(live[3]).toBeNull();
	});

	it('parses statistics values given as numbers, percentages, decimals or null', () => {
		expect(live[0]?.stats).toEqual({
			possession: [58, 42],
			shots: [7, 2],
			shotsOnTarget: [3, 0],
			corners: [0, 1],
		});
	});

	it('tells a missed penalty from a goal, reads second yellows, substitutions and VAR; drops unknown types', () => {
		const fin = done[0]!;
		expect(fin.incidents.map((i) => i.entry.type)).toEqual([
			'penalty_goal',
			'own_goal',
			'missed_penalty',
			'yellow',
			'second_yellow',
			'red',
			'substitution',
			'substitution',
			'goal',
			'var',
		]);
		expect(fin.incidents[6]?.entry).toMatchObject({ player: 'J. Vale', detail: 'I. Frost' });
		expect(fin.incidents[8]?.entry).toMatchObject({ minute: 90, addedTime: 3 });
		expect(done[1]).toMatchObject({
			status: 'finished_pen',
			score: { home: 1, away: 1 },
			pen: { home: 4, away: 5 },
		});
	});
});

describe('API-Football polling budget (100 requests a day)', () => {
	const noon = Date.UTC(2026, 5, 14, 12, 0);
	it('spreads what is left over the rest of the day, faster while live, never under 60 s', () => {
		expect(msToUtcMidnight(noon)).toBe(12 * 3_600_000);
		const live = apiFootballInterval({ remaining: 50, live: 2, now: noon });
		const idle = apiFootballInterval({ remaining: 50, live: 0, now: noon });
		expect(live).toBeGreaterThanOrEqual(60_000);
		expect(idle).toBeGreaterThan(live);
		// Whatever happens, the day's requests are never all spent before midnight.
		expect((12 * 3_600_000) / live).toBeLessThanOrEqual(3 * 45 + 1);
		expect(apiFootballInterval({ remaining: 1000, live: 5, now: noon })).toBe(60_000);
		// Exhausted: wait for the reset at midnight UTC.
		expect(apiFootballInterval({ remaining: 3, live: 5, now: noon })).toBeGreaterThan(
			12 * 3_600_000,
		);
	});
});

describe('diffMatch', () => {
	const list = fixture('football-data/matches-1.json').matches!;
	const first = mapFootballDataMatch(list[0])!;
	const second = mapFootballDataMatch(fixture('football-data/matches-2.json').matches![0])!;
	const third = mapFootballDataMatch(fixture('football-data/matches-3.json').matches![0])!;

	it('turns new incidents into events carrying the absolute state', () => {
		const { changes, cancelled } = diffMatch('42', first, second);
		expect(changes.map((c) => `${c.kind}:${c.entry?.type ?? ''}`)).toEqual([
			'event:penalty_goal',
			'event:red',
		]);
		expect(changes[0]).toMatchObject({
			matchId: '42',
			status: 'live',
			minute: 52,
			score: { home: 2, away: 0 },
		});
		expect(cancelled).toEqual([]);
		for (const c of changes) expect(() => liveChangeSchema.parse(c)).not.toThrow();
	});

	it('reports a goal that disappeared (disallowed) for a correction, and the score change', () => {
		const { changes, cancelled } = diffMatch('42', second, third);
		expect(cancelled).toHaveLength(1);
		expect(cancelled[0]).toContain('Bram Oaks');
		expect(changes).toEqual([
			expect.objectContaining({ kind: 'score', score: { home: 1, away: 0 } }),
		]);
	});

	it('says nothing when nothing changed; a status change alone is one status change', () => {
		expect(diffMatch('42', second, second).changes).toEqual([]);
		const ht = { ...second, status: 'half_time' as const };
		expect(diffMatch('42', second, ht).changes.map((c) => c.kind)).toEqual(['status']);
		// Unknown status (null) never overwrites ours.
		const unknown = { ...second, status: null };
		expect(diffMatch('42', second, unknown).changes.every((c) => !('status' in c))).toBe(true);
	});
});

describe('line-ups from the providers', () => {
	it("football-data.org: each side's lineup and bench, with the formation; bad entries dropped", () => {
		const m = mapFootballDataMatch(fixture('football-data/matches-lineups.json').matches![0])!;
		expect(m.lineups?.home?.formation).toBe('4-2-3-1');
		expect(m.lineups?.home?.players.filter((p) => p.starter)).toHaveLength(11);
		expect(m.lineups?.home?.players.filter((p) => !p.starter).map((p) => p.name)).toEqual([
			'Walt Spare',
			'Xav Bench',
		]);
		expect(m.lineups?.home?.players[0]).toEqual({
			name: 'Aaron Keeper',
			shirtNumber: 1,
			position: 'Goalkeeper',
			starter: true,
		});
		// A nameless bench entry is dropped; a shirt number sent as a string is read.
		expect(m.lineups?.away?.players.filter((p) => !p.starter)).toEqual([
			{ name: 'Yan Reserve', shirtNumber: 13, position: 'Defence', starter: false },
		]);
		expect(() =>
			liveChangeSchema.parse({ matchId: '1', kind: 'lineups', lineups: m.lineups }),
		).not.toThrow();
	});

	it('football-data.org: no line-up (free plan, empty lists, garbage) is null, not an error', () => {
		const plain = mapFootballDataMatch(fixture('football-data/matches-1.json').matches![0])!;
		expect(plain.lineups).toBeNull();
		const raw = structuredClone(fixture('football-data/matches-lineups.json').matches![0]) as {
			homeTeam: Record<string, unknown>;
			awayTeam: Record<string, unknown>;
		};
		raw.homeTeam.lineup = [];
		raw.homeTeam.bench = 'n/a';
		raw.awayTeam.lineup = [{ name: 42 }];
		raw.awayTeam.bench = null;
		raw.awayTeam.formation = '<script>';
		expect(mapFootballDataMatch(raw)?.lineups).toBeNull();
	});

	it('API-Football: startXI and substitutes by team id, G/D/M/F positions, formation', () => {
		const item = fixture('api-football/fixture-7001.json').response![0]!;
		const m = mapApiFootballFixture(item)!;
		expect(m.lineups?.home?.formation).toBe('4-2-3-1');
		expect(m.lineups?.away?.formation).toBe('4-3-3');
		expect(m.lineups?.home?.players.slice(0, 2)).toEqual([
			{ name: 'A. Keeper', shirtNumber: 1, position: 'G', starter: true },
			{ name: 'B. Right', shirtNumber: 2, position: 'D', starter: true },
		]);
		expect(m.lineups?.home?.players.filter((p) => !p.starter)).toHaveLength(2);
		// The live list carries no line-ups.
		expect(
			mapApiFootballFixture(fixture('api-football/live-1.json').response![0])?.lineups,
		).toBeNull();
		expect(
			mapLineups([{ team: null }, 'x', { team: { id: 201 }, startXI: [{ player: {} }] }], 201),
		).toBeNull();
	});

	it('diffMatch: published line-ups are one change, sent again only when they change', () => {
		const base = mapFootballDataMatch(fixture('football-data/matches-3.json').matches![0])!;
		const withLineups = mapFootballDataMatch(
			fixture('football-data/matches-lineups.json').matches![0],
		)!;
		expect(diffMatch('42', base, withLineups).changes.map((c) => c.kind)).toEqual(['lineups']);
		expect(diffMatch('42', withLineups, withLineups).changes).toEqual([]);
		// A provider dropping them later does not erase what was published.
		expect(diffMatch('42', withLineups, base).changes).toEqual([]);
	});
});
