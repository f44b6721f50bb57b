import type { LiveChange } from '../apply';
import type { MatchLineups, TeamLineup } from '../lineups';
import type { MatchStatus, Score, TimelineEntry } from '../types';

/**
 * A provider's match reduced to what the live feed needs. Adapters build it from their
 * API's shapes; anything unknown or missing becomes null rather than an error.
 */
export interface ProviderMatch {
	/** The provider's own fixture id (for logs and the id map, never our id). */
	providerId: string;
	utcDate: string | null;
	homeName: string;
	awayName: string;
	/** Null for a status we do not know: the match is left as it is. */
	status: MatchStatus | null;
	minute: number | null;
	score: Score | null;
	ht: Score | null;
	et: Score | null;
	pen: Score | null;
	/** Timeline entries with a key stable across polls (provider id, or type+minute+player). */
	incidents: Array<{ key: string; entry: TimelineEntry }>;
	stats: Record<string, [number, number]> | null;
	/** Published line-ups (providers send them about an hour before kick-off), else null. */
	lineups: MatchLineups | null;
}

const sameScore = (a: Score | null, b: Score | null) =>
	a === b || (a !== null && b !== null && a.home === b.home && a.away === b.away);

/**
 * What changed between two polls of one match, as live changes for `applyLiveChange`
 * (absolute state in each). `cancelled` lists incidents that disappeared since the last
 * poll (a disallowed goal): the caller turns each into a correction of the log id it
 * recorded for it.
 */
export function diffMatch(
	matchId: string,
	prev: ProviderMatch | undefined,
	next: ProviderMatch,
): { changes: LiveChange[]; cancelled: string[] } {
	const changes: LiveChange[] = [];
	const state = {
		...(next.status ? { status: next.status } : {}),
		minute: next.minute,
		score: next.score,
		ht: next.ht,
		et: next.et,
		pen: next.pen,
	};
	const seen = new Set(prev?.incidents.map((i) => i.key) ?? []);
	const fresh = next.incidents.filter((i) => !seen.has(i.key));
	for (const inc of fresh) changes.push({ matchId, kind: 'event', ...state, entry: inc.entry });
	const statusChanged = next.status !== null && next.status !== (prev?.status ?? null);
	const scoreChanged =
		!sameScore(prev?.score ?? null, next.score) || !sameScore(prev?.pen ?? null, next.pen);
	if (statusChanged) changes.push({ matchId, kind: 'status', ...state });
	else if (scoreChanged && fresh.length === 0) changes.push({ matchId, kind: 'score', ...state });
	else if (prev && fresh.length === 0 && next.minute !== prev.minute) {
		changes.push({ matchId, kind: 'score', ...state });
	}
	if (next.stats && JSON.stringify(next.stats) !== JSON.stringify(prev?.stats ?? null)) {
		changes.push({ matchId, kind: 'stats', ...state, stats: next.stats });
	}
	if (next.lineups && JSON.stringify(next.lineups) !== JSON.stringify(prev?.lineups ?? null)) {
		changes.push({ matchId, kind: 'lineups', ...state, lineups: next.lineups });
	}
	const now = new Set(next.incidents.map((i) => i.key));
	const cancelled = prev ? prev.incidents.filter((i) => !now.has(i.key)).map((i) => i.key) : [];
	return { changes, cancelled };
}

/** A score pair from two values that may be null, strings or garbage. */
export function scoreOf(home: unknown, away: unknown): Score | null {
	const h = intOf(home);
	const a = intOf(away);
	return h === null || a === null ? null : { home: h, away: a };
}

/** A non-negative integer from a number or numeric string, else null. */
export function intOf(v: unknown): number | null {
	const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
	return typeof n === 'number' && Number.isInteger(n) && n >= 0 && n <= 10_000 ? n : null;
}

export const clampMinute = (m: number | null) => (m === null ? null : Math.min(200, m));

/** Removes the secret from any text before it reaches a log line or an error message. */
export function redact(text: string, secret: string | undefined): string {
	return secret ? text.split(secret).join('[redacted]') : text;
}

/**
 * A side's line-up from a provider's player lists, or null when it has no player with a
 * name (free plans send empty lists). Bad entries are dropped, never guessed.
 */
export function lineupOf(
	formation: unknown,
	starters: ReadonlyArray<{ name: unknown; number: unknown; position: unknown }>,
	bench: ReadonlyArray<{ name: unknown; number: unknown; position: unknown }>,
): TeamLineup | null {
	const player = (p: { name: unknown; number: unknown; position: unknown }, starter: boolean) => {
		const name = typeof p.name === 'string' ? p.name.trim().slice(0, 120) : '';
		if (!name) return null;
		const position = typeof p.position === 'string' ? p.position.trim().slice(0, 20) || null : null;
		const n = intOf(p.number);
		return { name, shirtNumber: n !== null && n <= 999 ? n : null, position, starter };
	};
	const players = [
		...starters.map((p) => player(p, true)),
		...bench.map((p) => player(p, false)),
	].filter((p): p is NonNullable<typeof p> => p !== null);
	if (players.length === 0) return null;
	const f = typeof formation === 'string' && /^\d(-\d){1,4}$/.test(formation) ? formation : null;
	return { formation: f, players: players.slice(0, 40) };
}

/** Both sides, or null when neither is known. */
export function lineupsOf(home: TeamLineup | null, away: TeamLineup | null): MatchLineups | null {
	return home || away ? { home, away } : null;
}
