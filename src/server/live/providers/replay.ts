import { sql } from 'drizzle-orm';
import type { Database } from '~/server/db/client';
import { applyLiveChange } from '../apply';
import type { LiveBus } from '../bus';
import { rowsOf } from '~/server/db/rows';
import { attachReplayLive, detachReplayLive } from '~/server/streams/match-streams';
import type { MatchStatus, Score } from '../types';
import { buildReplay, type PastIncident, type PastMatch, type ReplayStep } from './replay-schedule';

interface Running {
	matchId: string;
	steps: ReplayStep[];
	next: number;
	startedAt: number;
}

interface Original {
	status: MatchStatus;
	minute: number | null;
	ht: Score | null;
	ft: Score | null;
	et: Score | null;
	pen: Score | null;
}

const pair = (h: unknown, a: unknown): Score | null =>
	h === null || a === null || h === undefined || a === undefined
		? null
		: { home: Number(h), away: Number(a) };

/**
 * The default live feed: real past tournament matches (World Cup, Euro: they have scorers
 * and minutes) played back as if live, a few at a time, on a clock `speed` times faster
 * than real time. A replayed match is listed in `live_replays` (so the API and pages mark
 * it `isReplay`), and gets its true final state back when the replay ends, or at the next
 * start-up after a crash.
 */
export class ReplayFeed {
	private running = new Map<string, Running>();
	private timer: NodeJS.Timeout | undefined;
	private busy = false;
	private stopped = false;

	constructor(
		private deps: {
			db: Database;
			bus: LiveBus;
			speed: number;
			concurrent: number;
			/** Competition slugs to draw from, comma-separated; empty: every tournament. */
			competitions?: string;
			/** Start a batch of replays at staggered minutes (default); false: all at kick-off. */
			stagger?: boolean;
			now?: () => number;
		},
	) {}

	private now(): number {
		return this.deps.now?.() ?? Date.now();
	}

	async start(): Promise<void> {
		await this.recover();
		const tickMs = Math.max(50, Math.min(1000, 1000 / this.deps.speed));
		this.timer = setInterval(() => void this.tick(), tickMs);
		this.timer.unref();
		await this.tick();
	}

	async stop(): Promise<void> {
		this.stopped = true;
		if (this.timer) clearInterval(this.timer);
		for (const id of [...this.running.keys()]) await this.finish(id);
	}

	/** Restores matches a previous process left mid-replay. */
	async recover(): Promise<void> {
		const rows = rowsOf<{ match_id: number; original: Original | string }>(
			await this.deps.db.execute(sql`SELECT match_id, original FROM live_replays`),
		);
		for (const row of rows) {
			const original = (
				typeof row.original === 'string' ? JSON.parse(row.original) : row.original
			) as Original;
			await this.restore(String(row.match_id), original);
		}
	}

	private async restore(matchId: string, o: Original): Promise<void> {
		const { db, bus } = this.deps;
		await db.execute(sql`DELETE FROM live_replays WHERE match_id = ${Number(matchId)}`);
		await this.streams(() => detachReplayLive(db, Number(matchId), { highlight: false }));
		await applyLiveChange(
			{
				matchId,
				kind: 'status',
				status: o.status,
				minute: o.minute,
				score: o.ft,
				ht: o.ht,
				et: o.et,
				pen: o.pen,
			},
			{ db, bus },
		).catch((error: Error) => console.warn('[live] replay restore failed', error.message));
	}

	/** One step of the clock: starts replays up to `concurrent`, then plays what is due. */
	async tick(): Promise<void> {
		if (this.busy || this.stopped) return;
		this.busy = true;
		try {
			if (this.running.size < this.deps.concurrent)
				await this.pickMatches(this.deps.concurrent - this.running.size);
			for (const run of this.running.values()) {
				const clock = ((this.now() - run.startedAt) / 1000) * this.deps.speed;
				while (run.next < run.steps.length && (run.steps[run.next] as ReplayStep).at <= clock) {
					const step = run.steps[run.next] as ReplayStep;
					run.next++;
					if (run.next === run.steps.length) await this.finish(run.matchId);
					else await applyLiveChange(this.clocked(run, step), this.deps);
				}
			}
		} catch (error) {
			console.warn('[live] replay tick failed', (error as Error).message);
		} finally {
			this.busy = false;
		}
	}

	/** A step that starts a period carries the replay's clock: its instant, at its speed. */
	private clocked(run: Running, step: ReplayStep): ReplayStep['change'] {
		if (step.period === undefined) return step.change;
		const startedAt = new Date(run.startedAt + (step.at * 1000) / this.deps.speed).toISOString();
		return { ...step.change, clock: { period: step.period, startedAt, rate: this.deps.speed } };
	}

	private async finish(matchId: string): Promise<void> {
		const run = this.running.get(matchId);
		this.running.delete(matchId);
		const row = rowsOf<{ original: Original | string }>(
			await this.deps.db.execute(
				sql`SELECT original FROM live_replays WHERE match_id = ${Number(matchId)}`,
			),
		)[0];
		if (!row) return;
		const original = (
			typeof row.original === 'string' ? JSON.parse(row.original) : row.original
		) as Original;
		// The last step is the real final state plus the full-time timeline entry.
		const last = run?.steps.at(-1);
		if (last) await applyLiveChange({ ...last.change, status: original.status }, this.deps);
		await this.deps.db.execute(sql`DELETE FROM live_replays WHERE match_id = ${Number(matchId)}`);
		await this.streams(() => detachReplayLive(this.deps.db, Number(matchId), { highlight: true }));
	}

	/** Attaching the demo streams must never stop the scores: a failure is only logged. */
	private async streams(change: () => Promise<void>): Promise<void> {
		await change().catch((error: Error) =>
			console.warn('[live] replay stream attach failed', error.message),
		);
	}

	/**
	 * Picks up to `n` matches to replay. Several picked together (at start-up) begin at
	 * staggered points of their match, so the live list never shows every replay at the
	 * same minute; later picks, one as another ends, start at kick-off and stay staggered.
	 */
	private async pickMatches(n: number): Promise<void> {
		const { db } = this.deps;
		const candidates = rowsOf<Record<string, unknown>>(
			await db.execute(sql`SELECT m.id, m.status, m.minute, m.home_team_id, m.ht_home, m.ht_away, m.ft_home,
				m.ft_away, m.et_home, m.et_away, m.pen_home, m.pen_away
				FROM matches m JOIN seasons s ON s.id = m.season_id JOIN competitions c ON c.id = s.competition_id
				WHERE c.type = 'tournament' AND m.status IN ('finished', 'finished_aet', 'finished_pen')
				AND (${this.deps.competitions || null}::text IS NULL OR c.slug = ANY(string_to_array(${this.deps.competitions || null}::text, ',')))
				AND EXISTS (SELECT 1 FROM match_events e WHERE e.match_id = m.id)
				AND NOT EXISTS (SELECT 1 FROM live_replays r WHERE r.match_id = m.id)
				ORDER BY random() LIMIT ${n}`),
		);
		for (const [index, c] of candidates.entries()) {
			const matchId = String(c.id);
			const original: Original = {
				status: c.status as MatchStatus,
				minute: (c.minute as number | null) ?? null,
				ht: pair(c.ht_home, c.ht_away),
				ft: pair(c.ft_home, c.ft_away),
				et: pair(c.et_home, c.et_away),
				pen: pair(c.pen_home, c.pen_away),
			};
			const events = rowsOf<Record<string, unknown>>(
				await db.execute(sql`SELECT type, team_id, player_name, minute, stoppage, penalty, own_goal, card
					FROM match_events WHERE match_id = ${Number(matchId)} ORDER BY seq`),
			);
			const incidents: PastIncident[] = events.map((e) => ({
				type: e.type as PastIncident['type'],
				side: Number(e.team_id) === Number(c.home_team_id) ? 'home' : 'away',
				minute: (e.minute as number | null) ?? null,
				stoppage: (e.stoppage as number | null) ?? null,
				player: (e.player_name as string | null) ?? null,
				penalty: Boolean(e.penalty),
				ownGoal: Boolean(e.own_goal),
				card: (e.card as PastIncident['card']) ?? null,
			}));
			const past: PastMatch = {
				matchId,
				ht: original.ht,
				ft: original.ft,
				et: original.et,
				pen: original.pen,
				incidents,
			};
			await db.execute(sql`INSERT INTO live_replays (match_id, original) VALUES (${Number(matchId)}, ${JSON.stringify(original)}::jsonb)
				ON CONFLICT DO NOTHING`);
			await this.streams(() => attachReplayLive(db, Number(matchId)));
			const steps = buildReplay(past);
			// Match-clock seconds already played when this replay joins the list.
			const offset =
				this.deps.stagger === false ? 0 : ((steps.at(-1)?.at ?? 0) * index) / candidates.length;
			this.running.set(matchId, {
				matchId,
				steps,
				next: 0,
				startedAt: this.now() - (offset / this.deps.speed) * 1000,
			});
		}
	}
}
