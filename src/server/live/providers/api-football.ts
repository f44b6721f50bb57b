import { z } from 'zod';
import { isLive } from '../../../lib/football/match-status';
import { type MatchStatus, timelineEntry as entry, type TimelineEntry } from '../types';
import type { TeamLineup } from '../lineups';
import {
	clampMinute,
	intOf,
	lineupOf,
	lineupsOf,
	redact,
	scoreOf,
	type ProviderMatch,
} from './normalized';
import type { PollResult, ProviderClient } from './poller';
import { homeAwayPair as pair, namedRef, namedRef as team } from './tolerant';

/**
 * API-Football v3 (api-sports.io), key in `x-apisports-key`. The free plan has about 100
 * requests a DAY, so we only ever ask `GET /fixtures?live=all` (live fixtures, events
 * embedded) and spread what is left of the day's budget over the rest of the day: every
 * 60 s at best while matches are live, rarely when nothing is. Errors usually come back
 * as HTTP 200 with a non-empty `errors` object, which is checked before anything else.
 */
export const API_FOOTBALL_BASE = 'https://v3.football.api-sports.io';
export const API_FOOTBALL_DAILY = 100;
/** Never poll faster than this, whatever the budget. */
export const API_FOOTBALL_MIN_INTERVAL_MS = 60_000;
/** Requests kept back for the end of the day (a late match). */
const RESERVE = 5;

const STATUS: Record<string, MatchStatus> = {
	TBD: 'scheduled',
	NS: 'scheduled',
	'1H': 'live',
	'2H': 'live',
	ET: 'live',
	P: 'live',
	LIVE: 'live',
	HT: 'half_time',
	BT: 'half_time',
	FT: 'finished',
	AET: 'finished_aet',
	PEN: 'finished_pen',
	AWD: 'awarded',
	WO: 'awarded',
	PST: 'postponed',
	CANC: 'cancelled',
	ABD: 'abandoned',
	SUSP: 'abandoned',
	INT: 'abandoned',
};

const eventSchema = z
	.object({
		time: z
			.object({ elapsed: z.unknown().optional(), extra: z.unknown().optional() })
			.passthrough()
			.nullish(),
		team,
		player: namedRef,
		assist: namedRef,
		type: z.string().nullish(),
		detail: z.string().nullish(),
	})
	.passthrough();
const fixtureSchema = z
	.object({
		fixture: z
			.object({
				id: z.union([z.number(), z.string()]),
				date: z.string().nullish(),
				status: z
					.object({ short: z.string().nullish(), elapsed: z.unknown().optional() })
					.passthrough()
					.nullish(),
			})
			.passthrough(),
		teams: z.object({ home: team, away: team }).passthrough().nullish(),
		goals: pair,
		score: z
			.object({ halftime: pair, fulltime: pair, extratime: pair, penalty: pair })
			.passthrough()
			.nullish(),
		events: z.array(z.unknown()).nullish(),
		statistics: z.array(z.unknown()).nullish(),
		// Present in `/fixtures?id=` answers and in `/fixtures/lineups` items.
		lineups: z.array(z.unknown()).nullish(),
	})
	.passthrough();
export const apiFootballEnvelope = z
	.object({
		// [] on success; an object (e.g. {"requests": "..."}) on failure.
		errors: z.union([z.array(z.unknown()), z.record(z.string(), z.unknown())]).nullish(),
		response: z.array(z.unknown()).nullish(),
	})
	.passthrough();

const text = (s: string | null | undefined) => (s ? s.slice(0, 120) : null);

const STAT_TYPES: Record<string, string> = {
	'Ball Possession': 'possession',
	'Total Shots': 'shots',
	'Shots on Goal': 'shotsOnTarget',
	'Corner Kicks': 'corners',
	Fouls: 'fouls',
	Offsides: 'offsides',
	'Yellow Cards': 'yellowCards',
	'Red Cards': 'redCards',
	'Goalkeeper Saves': 'saves',
};
const statValue = (v: unknown) => {
	if (typeof v === 'number' && Number.isFinite(v)) return v;
	if (typeof v === 'string') {
		const n = Number.parseFloat(v.replace('%', ''));
		return Number.isFinite(n) ? n : 0;
	}
	return 0;
};

function mapStats(raw: unknown[] | null | undefined, homeId: unknown): ProviderMatch['stats'] {
	if (!raw || raw.length < 2) return null;
	const out: Record<string, [number, number]> = {};
	for (const item of raw) {
		const parsed = z
			.object({
				team,
				statistics: z
					.array(z.object({ type: z.string().nullish(), value: z.unknown() }).passthrough())
					.nullish(),
			})
			.safeParse(item);
		if (!parsed.success) continue;
		const idx = parsed.data.team?.id === homeId ? 0 : 1;
		for (const s of parsed.data.statistics ?? []) {
			const key = s.type ? STAT_TYPES[s.type] : undefined;
			if (!key) continue;
			const pairValue = out[key] ?? [0, 0];
			pairValue[idx] = statValue(s.value);
			out[key] = pairValue;
		}
	}
	return Object.keys(out).length ? out : null;
}

const lineupItem = z
	.object({
		team: z.object({ id: z.unknown().optional() }).passthrough().nullish(),
		formation: z.unknown().optional(),
		startXI: z.array(z.unknown()).nullish(),
		substitutes: z.array(z.unknown()).nullish(),
	})
	.passthrough();
const lineupPlayer = z
	.object({
		player: z
			.object({
				name: z.unknown().optional(),
				number: z.unknown().optional(),
				pos: z.unknown().optional(),
			})
			.passthrough(),
	})
	.passthrough();

/** Line-up items by team: `pos` is G, D, M or F, which the pitch drawing reads. */
export function mapLineups(
	raw: unknown[] | null | undefined,
	homeId: unknown,
): ProviderMatch['lineups'] {
	let home: TeamLineup | null = null;
	let away: TeamLineup | null = null;
	for (const item of raw ?? []) {
		const parsed = lineupItem.safeParse(item);
		if (!parsed.success || parsed.data.team?.id === undefined) continue;
		const players = (list: unknown[] | null | undefined) =>
			(list ?? []).flatMap((p) => {
				const one = lineupPlayer.safeParse(p);
				if (!one.success) return [];
				const { name, number, pos } = one.data.player;
				return [{ name, number, position: pos }];
			});
		const lineup = lineupOf(
			parsed.data.formation,
			players(parsed.data.startXI),
			players(parsed.data.substitutes),
		);
		if (parsed.data.team.id === homeId) home = lineup;
		else away = lineup;
	}
	return lineupsOf(home, away);
}

/** Maps one v3 fixture; null when it lacks an id or team names. */
export function mapApiFootballFixture(raw: unknown): ProviderMatch | null {
	const parsed = fixtureSchema.safeParse(raw);
	if (!parsed.success) return null;
	const f = parsed.data;
	const homeName = f.teams?.home?.name;
	const awayName = f.teams?.away?.name;
	if (!homeName || !awayName) return null;
	const homeId = f.teams?.home?.id;
	const short = f.fixture.status?.short ?? '';
	const status = STATUS[short] ?? null;
	const incidents: ProviderMatch['incidents'] = [];
	const counts = new Map<string, number>();
	for (const rawEvent of f.events ?? []) {
		const p = eventSchema.safeParse(rawEvent);
		if (!p.success) continue;
		const e = p.data;
		const minute = clampMinute(intOf(e.time?.elapsed));
		const addedTime = Math.min(60, intOf(e.time?.extra) ?? 0) || null;
		const side = e.team?.id === homeId ? 'home' : 'away';
		const player = text(e.player?.name);
		const detail = (e.detail ?? '').toLowerCase();
		const kind = (e.type ?? '').toLowerCase();
		let type: TimelineEntry['type'] | null = null;
		let extra: string | null = null;
		if (kind === 'goal') {
			type = detail.includes('missed')
				? 'missed_penalty'
				: detail.includes('own')
					? 'own_goal'
					: detail.includes('penalty')
						? 'penalty_goal'
						: 'goal';
		} else if (kind === 'card') {
			type = detail.includes('second')
				? 'second_yellow'
				: detail.includes('red')
					? 'red'
					: detail.includes('yellow')
						? 'yellow'
						: null;
		} else if (kind === 'subst') {
			type = 'substitution';
			// Usual reading: `player` goes off, `assist` comes on.
			extra = text(e.player?.name);
		} else if (kind === 'var') {
			type = 'var';
			extra = text(e.detail);
		}
		if (!type) continue;
		const who = type === 'substitution' ? text(e.assist?.name) : player;
		// Same minute, type and player twice (two yellows in one minute is impossible, but
		// providers do repeat): the counter keeps keys unique and stable.
		const base = `${type}:${minute}:${addedTime}:${String(e.team?.id)}:${who}`;
		const n = (counts.get(base) ?? 0) + 1;
		counts.set(base, n);
		incidents.push({
			key: `${base}#${n}`,
			entry: entry({ type, minute, addedTime, side, player: who, detail: extra }),
		});
	}
	return {
		providerId: String(f.fixture.id),
		utcDate: f.fixture.date ?? null,
		homeName,
		awayName,
		status,
		minute: clampMinute(intOf(f.fixture.status?.elapsed)),
		// `goals` is the running (or final) score without the shoot-out.
		score: scoreOf(f.goals?.home, f.goals?.away),
		ht: scoreOf(f.score?.halftime?.home, f.score?.halftime?.away),
		et: scoreOf(f.score?.extratime?.home, f.score?.extratime?.away),
		pen: scoreOf(f.score?.penalty?.home, f.score?.penalty?.away),
		incidents,
		stats: mapStats(f.statistics, homeId),
		lineups: mapLineups(f.lineups, homeId),
	};
}

/** Milliseconds to the next UTC midnight (the daily quota resets then). */
export function msToUtcMidnight(now: number): number {
	const d = new Date(now);
	return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + 1) - now;
}

/**
 * The next poll: spread the remaining daily requests over the rest of the day, faster
 * while matches are live, never under 60 s; nothing left means wait for midnight (UTC).
 */
export function apiFootballInterval(opts: {
	remaining: number;
	live: number;
	now: number;
	minIntervalMs?: number;
}): number {
	const min = Math.max(API_FOOTBALL_MIN_INTERVAL_MS, opts.minIntervalMs ?? 0);
	const left = msToUtcMidnight(opts.now);
	const usable = opts.remaining - RESERVE;
	if (usable <= 0) return Math.max(min, left + 1000);
	const even = left / usable;
	// With live matches spend up to 3x the even rate; without, a quarter of it.
	return Math.round(Math.min(left + 1000, Math.max(min, opts.live > 0 ? even / 3 : even * 4)));
}

export class ApiFootballClient implements ProviderClient {
	readonly name = 'api-football';
	private remaining = API_FOOTBALL_DAILY;
	private lastLive = 0;
	constructor(
		private opts: {
			key: string;
			baseUrl?: string;
			fetch?: typeof fetch;
			minIntervalMs?: number;
			now?: () => number;
		},
	) {}

	private now(): number {
		return this.opts.now?.() ?? Date.now();
	}

	async poll(): Promise<PollResult> {
		const url = `${this.opts.baseUrl ?? API_FOOTBALL_BASE}/fixtures?live=all`;
		const interval = () =>
			apiFootballInterval({
				remaining: this.remaining,
				live: this.lastLive,
				now: this.now(),
				minIntervalMs: this.opts.minIntervalMs,
			});
		let res: Response;
		try {
			res = await (this.opts.fetch ?? fetch)(url, {
				headers: { 'x-apisports-key': this.opts.key },
				signal: AbortSignal.timeout(15_000),
			});
		} catch (error) {
			return {
				matches: null,
				nextPollMs: interval(),
				error: redact(`network: ${(error as Error).message}`, this.opts.key),
			};
		}
		const left = intOf(res.headers.get('x-ratelimit-requests-remaining'));
		this.remaining = left ?? Math.max(0, this.remaining - 1);
		if (!res.ok) {
			await res.body?.cancel();
			return {
				matches: null,
				nextPollMs: Math.max(interval(), res.status === 429 ? 15 * 60_000 : 0),
				error: `HTTP ${res.status}`,
			};
		}
		const body = apiFootballEnvelope.safeParse(await res.json().catch(() => null));
		if (!body.success) return { matches: null, nextPollMs: interval(), error: 'unexpected body' };
		const errors = body.data.errors;
		if (errors && !Array.isArray(errors) && Object.keys(errors).length > 0) {
			// Error inside a 200. Quota exhausted: nothing before midnight UTC.
			if ('requests' in errors) this.remaining = 0;
			const what = Object.keys(errors).join(',');
			return {
				matches: null,
				nextPollMs: interval(),
				error: redact(`API error (${what})`, this.opts.key),
			};
		}
		const matches = (body.data.response ?? [])
			.map(mapApiFootballFixture)
			.filter((m): m is ProviderMatch => m !== null);
		this.lastLive = matches.filter((m) => isLive(m.status)).length;
		await this.fillLineups(matches);
		return { matches, nextPollMs: interval() };
	}

	/** Line-ups per fixture id, once known (the live list never carries them). */
	private lineups = new Map<string, ProviderMatch['lineups']>();
	/** Fixtures whose detail was asked for: once each, whatever the answer. */
	private detailed = new Set<string>();

	/**
	 * `/fixtures?live=all` has no line-ups; `/fixtures?id=` has them. Asks for one fixture's
	 * detail per poll, once per fixture, and only while the day's budget keeps a request per
	 * live match in hand, so line-ups never starve the scores.
	 */
	private async fillLineups(matches: ProviderMatch[]): Promise<void> {
		const current = new Set(matches.map((m) => m.providerId));
		for (const id of this.lineups.keys()) if (!current.has(id)) this.lineups.delete(id);
		for (const id of this.detailed) if (!current.has(id)) this.detailed.delete(id);
		for (const m of matches) m.lineups ??= this.lineups.get(m.providerId) ?? null;
		const next = matches.find((m) => !m.lineups && !this.detailed.has(m.providerId));
		if (!next || this.remaining - RESERVE <= Math.max(20, this.lastLive * 2)) return;
		this.detailed.add(next.providerId);
		const base = this.opts.baseUrl ?? API_FOOTBALL_BASE;
		try {
			const res = await (this.opts.fetch ?? fetch)(
				`${base}/fixtures?id=${encodeURIComponent(next.providerId)}`,
				{ headers: { 'x-apisports-key': this.opts.key }, signal: AbortSignal.timeout(15_000) },
			);
			this.remaining =
				intOf(res.headers.get('x-ratelimit-requests-remaining')) ?? Math.max(0, this.remaining - 1);
			if (!res.ok) {
				await res.body?.cancel();
				return;
			}
			const body = apiFootballEnvelope.safeParse(await res.json().catch(() => null));
			const item = body.success ? body.data.response?.[0] : undefined;
			const detail = item === undefined ? null : mapApiFootballFixture(item);
			if (detail?.providerId === next.providerId && detail.lineups) {
				this.lineups.set(next.providerId, detail.lineups);
				next.lineups = detail.lineups;
			}
		} catch {
			// The scores of this poll stand; the line-ups are simply not known yet.
		}
	}
}
