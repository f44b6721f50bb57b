import { sql } from 'drizzle-orm';
import type { Database } from '~/server/db/client';
import { applyLiveChange } from '../apply';
import type { LiveBus } from '../bus';
import { rowsOf } from '~/server/db/rows';
import { readMatchStates } from '../matches';
import { diffMatch, type ProviderMatch } from './normalized';

/** What one poll of a provider gives: its matches (null on failure) and when to poll next. */
export interface PollResult {
	matches: ProviderMatch[] | null;
	nextPollMs: number;
	/** Already free of the key: safe to log. */
	error?: string;
}

export interface ProviderClient {
	readonly name: string;
	poll(): Promise<PollResult>;
}

const norm = (s: string) =>
	s
		.normalize('NFD')
		.replace(/\p{M}/gu, '')
		.toLowerCase()
		.replace(/\b(fc|cf|afc|sc|ac|cd|sv|fk)\b/g, '')
		.replace(/[^a-z0-9]+/g, ' ')
		.trim();

/**
 * Finds our match for a provider's: same two teams (by name or alias, accents and club
 * suffixes ignored) kicking off within 36 hours of the provider's date. Null when none or
 * ambiguous: a provider match we cannot place is skipped, never guessed.
 */
export async function resolveMatch(db: Database, m: ProviderMatch): Promise<string | null> {
	const at = m.utcDate ? Date.parse(m.utcDate) : Number.NaN;
	if (!Number.isFinite(at)) return null;
	const from = new Date(at - 36 * 3_600_000).toISOString();
	const to = new Date(at + 36 * 3_600_000).toISOString();
	const rows = rowsOf<{ id: number; home: string[]; away: string[] }>(
		await db.execute(sql`SELECT m.id,
			array_cat(ARRAY[h.name, h.short_name], coalesce((SELECT array_agg(alias) FROM team_aliases WHERE team_id = h.id), '{}')) AS home,
			array_cat(ARRAY[a.name, a.short_name], coalesce((SELECT array_agg(alias) FROM team_aliases WHERE team_id = a.id), '{}')) AS away
			FROM matches m JOIN teams h ON h.id = m.home_team_id JOIN teams a ON a.id = m.away_team_id
			WHERE m.kickoff_at BETWEEN ${from}::timestamptz AND ${to}::timestamptz LIMIT 2000`),
	);
	const home = norm(m.homeName);
	const away = norm(m.awayName);
	const names = (list: unknown) =>
		(Array.isArray(list) ? list : []).filter((x): x is string => typeof x === 'string').map(norm);
	const hits = rows.filter((r) => names(r.home).includes(home) && names(r.away).includes(away));
	return hits.length === 1 ? String(hits[0]!.id) : null;
}

interface Tracked {
	matchId: string | null;
	last: ProviderMatch | undefined;
	/** Log id of the event appended for each incident key (to correct a disallowed goal). */
	logIds: Map<string, number>;
}

/**
 * Polls a provider client and turns what changed into live changes (one transaction each,
 * published after commit, like every other writer). The first sight of a match only
 * records it, unless the provider's status or score differs from ours.
 */
export class PollingFeed {
	private tracked = new Map<string, Tracked>();
	private timer: NodeJS.Timeout | undefined;
	private stopped = false;

	constructor(
		private deps: {
			db: Database;
			bus: LiveBus;
			client: ProviderClient;
			log?: (line: string) => void;
		},
	) {}

	private log(line: string): void {
		(this.deps.log ?? console.warn)(`[live] ${this.deps.client.name}: ${line}`);
	}

	async start(): Promise<void> {
		const next = await this.pollOnce();
		this.schedule(next);
	}

	private schedule(ms: number): void {
		if (this.stopped) return;
		this.timer = setTimeout(() => {
			void this.pollOnce().then((n) => this.schedule(n));
		}, ms);
		this.timer.unref();
	}

	stop(): void {
		this.stopped = true;
		clearTimeout(this.timer);
	}

	/** One poll and its changes; returns the delay before the next. */
	async pollOnce(): Promise<number> {
		let result: PollResult;
		try {
			result = await this.deps.client.poll();
		} catch (error) {
			this.log(`poll failed: ${(error as Error).name}`);
			return 60_000;
		}
		if (result.error) this.log(result.error);
		for (const m of result.matches ?? []) {
			try {
				await this.track(m);
			} catch (error) {
				this.log(`match ${m.providerId} skipped: ${(error as Error).message}`);
			}
		}
		return result.nextPollMs;
	}

	private async track(m: ProviderMatch): Promise<void> {
		const { db, bus } = this.deps;
		let t = this.tracked.get(m.providerId);
		if (!t) {
			t = { matchId: await resolveMatch(db, m), last: undefined, logIds: new Map() };
			this.tracked.set(m.providerId, t);
			if (t.matchId) {
				const [ours] = await readMatchStates(db, [t.matchId]);
				const same =
					ours &&
					(m.status === null || ours.status === m.status) &&
					JSON.stringify(ours.score) === JSON.stringify(m.score);
				// Already what we show: remember it without replaying its whole timeline. Its
				// line-ups are written once all the same: cheap, idempotent, and what a page lacks
				// after a restart.
				if (same) t.last = { ...m, lineups: null };
			}
		}
		if (!t.matchId) return;
		const { changes, cancelled } = diffMatch(t.matchId, t.last, m);
		for (const change of changes) {
			const event = await applyLiveChange(change, { db, bus });
			const key = change.entry ? m.incidents.find((i) => i.entry === change.entry)?.key : undefined;
			if (key) t.logIds.set(key, event.id);
		}
		for (const key of cancelled) {
			const cancels = t.logIds.get(key);
			if (cancels === undefined) continue;
			t.logIds.delete(key);
			await applyLiveChange(
				{
					matchId: t.matchId,
					kind: 'correction',
					cancels,
					score: m.score,
					...(m.status ? { status: m.status } : {}),
				},
				{ db, bus },
			);
		}
		t.last = m;
	}
}
