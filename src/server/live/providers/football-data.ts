import { z } from 'zod';
import { type MatchStatus, timelineEntry as entry, type TimelineEntry } from '../types';
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
// Tolerant shapes: every field optional or nullable, unknown keys ignored.
import { homeAwayPair as pair, namedRef, namedRef as named } from './tolerant';

/**
 * football-data.org v4. One request per poll: `GET /v4/matches` (today's matches, UTC),
 * with the key in `X-Auth-Token`. The free tier allows 10 requests a minute; we poll every
 * 10 s at most (6 a minute), slow down when `X-Requests-Available-Minute` runs low, and
 * wait `X-RequestCounter-Reset` seconds after a 429.
 */
export const FOOTBALL_DATA_BASE = 'https://api.football-data.org';
export const FOOTBALL_DATA_MIN_INTERVAL_MS = 10_000;

const STATUS: Record<string, MatchStatus> = {
	SCHEDULED: 'scheduled',
	TIMED: 'scheduled',
	IN_PLAY: 'live',
	LIVE: 'live',
	EXTRA_TIME: 'live',
	PENALTY_SHOOTOUT: 'live',
	PAUSED: 'half_time',
	FINISHED: 'finished',
	AWARDED: 'awarded',
	POSTPONED: 'postponed',
	CANCELLED: 'cancelled',
	// Interrupted: our schema has no such state; abandoned is the closest honest one.
	SUSPENDED: 'abandoned',
};

const matchSchema = z
	.object({
		id: z.union([z.number(), z.string()]),
		utcDate: z.string().nullish(),
		status: z.string().nullish(),
		minute: z.union([z.number(), z.string()]).nullish(),
		injuryTime: z.unknown().optional(),
		homeTeam: namedRef,
		awayTeam: namedRef,
		score: z
			.object({
				duration: z.string().nullish(),
				fullTime: pair,
				halfTime: pair,
				regularTime: pair,
				extraTime: pair,
				penalties: pair,
			})
			.passthrough()
			.nullish(),
		goals: z
			.array(
				z
					.object({
						minute: z.unknown().optional(),
						injuryTime: z.unknown().optional(),
						type: z.string().nullish(),
						team: named,
						scorer: named,
					})
					.passthrough(),
			)
			.nullish(),
		bookings: z
			.array(
				z
					.object({
						minute: z.unknown().optional(),
						team: named,
						player: named,
						card: z.string().nullish(),
					})
					.passthrough(),
			)
			.nullish(),
		substitutions: z
			.array(
				z
					.object({
						minute: z.unknown().optional(),
						team: named,
						playerOut: named,
						playerIn: named,
					})
					.passthrough(),
			)
			.nullish(),
	})
	.passthrough();
// The detail of a match (and the list on paid plans) carries each side's line-up.
const playerList = z
	.array(
		z
			.object({
				name: z.unknown().optional(),
				shirtNumber: z.unknown().optional(),
				position: z.unknown().optional(),
			})
			.passthrough(),
	)
	.nullish()
	.catch(null);
const sideLineup = z
	.object({ formation: z.unknown().optional(), lineup: playerList, bench: playerList })
	.passthrough()
	.nullish()
	.catch(null);

function sideLineupOf(raw: unknown) {
	const side = sideLineup.parse(raw);
	const list = (l: z.infer<typeof playerList>) =>
		(l ?? []).map((p) => ({ name: p.name, number: p.shirtNumber, position: p.position }));
	return side ? lineupOf(side.formation, list(side.lineup), list(side.bench)) : null;
}

export const footballDataListSchema = z
	.object({ matches: z.array(z.unknown()).nullish() })
	.passthrough();

const text = (s: string | null | undefined) => (s ? s.slice(0, 120) : null);

/** Maps one v4 match; null when it lacks what we need (an id and two team names). */
export function mapFootballDataMatch(raw: unknown): ProviderMatch | null {
	const parsed = matchSchema.safeParse(raw);
	if (!parsed.success) return null;
	const m = parsed.data;
	const homeName = m.homeTeam?.name;
	const awayName = m.awayTeam?.name;
	if (!homeName || !awayName) return null;
	const homeId = m.homeTeam?.id;
	const side = (team: { id?: unknown; name?: string | null } | null | undefined) =>
		team && (team.id === homeId || (team.id === undefined && team.name === homeName))
			? 'home'
			: 'away';
	const s = m.score;
	const duration = s?.duration ?? 'REGULAR';
	let score = scoreOf(s?.fullTime?.home, s?.fullTime?.away);
	const pen = scoreOf(s?.penalties?.home, s?.penalties?.away);
	const et = scoreOf(s?.extraTime?.home, s?.extraTime?.away);
	// fullTime includes shoot-out goals: the match score is regular time + extra time.
	const regular = scoreOf(s?.regularTime?.home, s?.regularTime?.away);
	if (regular && (duration !== 'REGULAR' || pen)) {
		score = { home: regular.home + (et?.home ?? 0), away: regular.away + (et?.away ?? 0) };
	}
	let status = m.status ? (STATUS[m.status] ?? null) : null;
	if (status === 'finished' && duration === 'EXTRA_TIME') status = 'finished_aet';
	if (status === 'finished' && duration === 'PENALTY_SHOOTOUT') status = 'finished_pen';
	const incidents: ProviderMatch['incidents'] = [];
	for (const g of m.goals ?? []) {
		const minute = clampMinute(intOf(g.minute));
		const type =
			g.type === 'PENALTY'
				? 'penalty_goal'
				: g.type === 'OWN' || g.type === 'OWN_GOAL'
					? 'own_goal'
					: 'goal';
		const player = text(g.scorer?.name);
		incidents.push({
			key: `g:${minute}:${String(g.team?.id ?? g.team?.name)}:${player}`,
			entry: entry({
				type,
				minute,
				addedTime: Math.min(60, intOf(g.injuryTime) ?? 0) || null,
				side: side(g.team),
				player,
			}),
		});
	}
	for (const b of m.bookings ?? []) {
		const minute = clampMinute(intOf(b.minute));
		const type =
			b.card === 'RED'
				? 'red'
				: b.card === 'YELLOW_RED'
					? 'second_yellow'
					: b.card === 'YELLOW'
						? 'yellow'
						: null;
		if (!type) continue;
		const player = text(b.player?.name);
		incidents.push({
			key: `c:${minute}:${type}:${player}`,
			entry: entry({ type, minute, side: side(b.team), player }),
		});
	}
	for (const sub of m.substitutions ?? []) {
		const minute = clampMinute(intOf(sub.minute));
		const player = text(sub.playerIn?.name);
		incidents.push({
			key: `s:${minute}:${player}`,
			entry: entry({
				type: 'substitution',
				minute,
				side: side(sub.team),
				player,
				detail: text(sub.playerOut?.name),
			}),
		});
	}
	return {
		providerId: String(m.id),
		utcDate: m.utcDate ?? null,
		homeName,
		awayName,
		status,
		minute: clampMinute(intOf(m.minute)),
		score,
		ht: scoreOf(s?.halfTime?.home, s?.halfTime?.away),
		et,
		pen,
		incidents,
		stats: null,
		lineups: lineupsOf(
			sideLineupOf((raw as { homeTeam?: unknown }).homeTeam),
			sideLineupOf((raw as { awayTeam?: unknown }).awayTeam),
		),
	};
}

/** The football-data.org client: fetch, rate limits, mapping. */
export class FootballDataClient implements ProviderClient {
	readonly name = 'football-data';
	constructor(
		private opts: { token: string; baseUrl?: string; fetch?: typeof fetch; minIntervalMs?: number },
	) {}

	async poll(): Promise<PollResult> {
		const min = Math.max(FOOTBALL_DATA_MIN_INTERVAL_MS, this.opts.minIntervalMs ?? 0);
		const url = `${this.opts.baseUrl ?? FOOTBALL_DATA_BASE}/v4/matches`;
		let res: Response;
		try {
			res = await (this.opts.fetch ?? fetch)(url, {
				headers: { 'X-Auth-Token': this.opts.token },
				signal: AbortSignal.timeout(15_000),
			});
		} catch (error) {
			return {
				matches: null,
				nextPollMs: min * 3,
				error: redact(`network: ${(error as Error).message}`, this.opts.token),
			};
		}
		const reset = intOf(res.headers.get('x-requestcounter-reset'));
		const available = intOf(res.headers.get('x-requests-available-minute'));
		if (res.status === 429) {
			await res.body?.cancel();
			return {
				matches: null,
				nextPollMs: Math.max(min, (reset ?? 60) * 1000),
				error: 'rate limited (429)',
			};
		}
		if (!res.ok) {
			await res.body?.cancel();
			// 403 (plan) or 400 will not heal by itself soon: back off hard.
			return { matches: null, nextPollMs: Math.max(min, 5 * 60_000), error: `HTTP ${res.status}` };
		}
		const body = footballDataListSchema.safeParse(await res.json().catch(() => null));
		// Out of requests this minute: wait for the counter to reset.
		const nextPollMs = available === 0 && reset !== null ? Math.max(min, reset * 1000) : min;
		if (!body.success) return { matches: null, nextPollMs, error: 'unexpected body' };
		const matches = (body.data.matches ?? [])
			.map(mapFootballDataMatch)
			.filter((m): m is ProviderMatch => m !== null);
		return { matches, nextPollMs };
	}
}
