import { sql } from 'drizzle-orm';
import { isLive } from '~/lib/football/match-status';
import type { Database } from '~/server/db/client';
import { buildSnapshot } from '~/server/live/snapshot';
import { timelineEntrySchema, type TimelineEntry } from '~/server/live/types';
import { json, query } from './sql';

/** A goal, card or substitution of a match, as every public output lists it. */
export interface MatchEvent {
	/** Order within the match: the import's sequence, or the live log's id. */
	seq: number;
	type: 'goal' | 'card' | 'substitution';
	/** The team the event belongs to; for an own goal, the team the goal counts for. */
	teamId: number | null;
	side: 'home' | 'away' | null;
	player: string | null;
	minute: number | null;
	stoppage: number | null;
	penalty: boolean;
	ownGoal: boolean;
	card: 'yellow' | 'red' | 'second_yellow' | null;
	playerIn: string | null;
	playerOut: string | null;
	/** Under video review (the scoring console's hold): shown, counted nowhere yet. */
	underReview: boolean;
}

type Teams = { home: number; away: number };

const CARDS = { yellow: 'yellow', red: 'red', second_yellow: 'second_yellow' } as const;

/**
 * One live timeline entry as a match event; null for what the event model has no place
 * for (kick-off, half time, a missed penalty, VAR notes): those stay the live centre's.
 */
function fromEntry(entry: TimelineEntry, seq: number, teams: Teams): MatchEvent | null {
	const base = {
		seq,
		teamId: entry.side ? teams[entry.side] : null,
		side: entry.side,
		minute: entry.minute,
		stoppage: entry.addedTime || null,
		penalty: false,
		ownGoal: false,
		card: null,
		player: entry.player,
		playerIn: null,
		playerOut: null,
		underReview: entry.review === true,
	};
	switch (entry.type) {
		case 'goal':
		case 'penalty_goal':
		case 'own_goal':
			return {
				...base,
				type: 'goal',
				penalty: entry.type === 'penalty_goal',
				ownGoal: entry.type === 'own_goal',
			};
		case 'yellow':
		case 'red':
		case 'second_yellow':
			return { ...base, type: 'card', card: CARDS[entry.type] };
		case 'substitution':
			// The console records the player coming on, and the one going off as the detail.
			return { ...base, type: 'substitution', playerIn: entry.player, playerOut: entry.detail };
		default:
			return null;
	}
}

const byClock = (a: MatchEvent, b: MatchEvent) =>
	(a.minute ?? -1) - (b.minute ?? -1) || (a.stoppage ?? 0) - (b.stoppage ?? 0) || a.seq - b.seq;

/**
 * The football data's own events of a match (the import's record of a played match), as a
 * JSON list: a subquery on a row aliased `m`, so a page query reads them in its own round trip.
 */
export const IMPORTED_EVENTS_JSON = sql`(SELECT coalesce(json_agg(json_build_object('seq', e.seq,
	'type', e.type, 'team_id', e.team_id, 'player_name', e.player_name, 'minute', e.minute,
	'stoppage', e.stoppage, 'penalty', e.penalty, 'own_goal', e.own_goal, 'card', e.card,
	'player_in', e.player_in, 'player_out', e.player_out)), '[]') FROM match_events e WHERE e.match_id = m.id)`;

async function importedEvents(db: Database, id: number, teams: Teams): Promise<MatchEvent[]> {
	const rows = await query<Record<string, unknown>>(
		db,
		sql`SELECT ${IMPORTED_EVENTS_JSON} AS events FROM matches m WHERE m.id = ${id}`,
	);
	return importedFrom(json<Record<string, unknown>[]>(rows[0]?.events ?? []), teams);
}

function importedFrom(rows: Record<string, unknown>[], teams: Teams): MatchEvent[] {
	return rows
		.map((r) => {
			const teamId = r.team_id == null ? null : Number(r.team_id);
			return {
				seq: Number(r.seq),
				type: r.type as MatchEvent['type'],
				teamId,
				side:
					teamId === teams.home
						? ('home' as const)
						: teamId === teams.away
							? ('away' as const)
							: null,
				player: (r.player_name as string | null) ?? null,
				minute: r.minute == null ? null : Number(r.minute),
				stoppage: r.stoppage == null ? null : Number(r.stoppage),
				penalty: Boolean(r.penalty),
				ownGoal: Boolean(r.own_goal),
				card: (r.card as MatchEvent['card']) ?? null,
				playerIn: (r.player_in as string | null) ?? null,
				playerOut: (r.player_out as string | null) ?? null,
				underReview: false,
			};
		})
		.sort(byClock);
}

/**
 * THE events of match `id` as the public may see them now: the match page, the embeds and
 * the JSON API all read them here, and the live stream's snapshot is built from the same
 * log, so no two of them can disagree.
 *
 * While a match is in play or being replayed, only the live log knows what has happened so
 * far: `match_events` holds a replayed match's real, final events (its future) for the
 * whole replay, and nothing at all for a match scored in the console or by a provider.
 * Once the match is over, the imported record wins when there is one (it is the fuller
 * one: a replay plays back only goals and cards); otherwise the log's timeline stands.
 * Empty for an unknown id.
 */
export async function publicMatchEvents(db: Database, id: number): Promise<MatchEvent[]> {
	return fromLog(db, id);
}

/**
 * The same answer for a page that has already read the match and its imported events in its
 * own query (IMPORTED_EVENTS_JSON): a finished match with an imported record costs nothing
 * more; only a match in play, replaying or without a record reads the log.
 */
export async function publicEventsOf(
	db: Database,
	m: {
		id: number;
		status: string;
		isReplay: boolean;
		home: number;
		away: number;
		/** The live log has entries for the match (scored in the console, by a feed, replayed). */
		logged: boolean;
	},
	imported: unknown,
): Promise<MatchEvent[]> {
	if (!isLive(m.status) && !m.isReplay) {
		const record = importedFrom(json<Record<string, unknown>[]>(imported ?? []), m);
		if (record.length > 0 || !m.logged) return record;
	}
	return fromLog(db, m.id);
}

async function fromLog(db: Database, id: number): Promise<MatchEvent[]> {
	const { matches } = await buildSnapshot(db, [String(id)]);
	const state = matches[0];
	if (!state) return [];
	const teams = { home: state.home.id, away: state.away.id };
	if (!isLive(state.status) && !state.isReplay) {
		const imported = await importedEvents(db, id, teams);
		if (imported.length > 0) return imported;
	}
	return state.timeline
		.flatMap((item) => {
			// The log's payloads are JSON written by several producers: read them through the schema.
			const entry = timelineEntrySchema.safeParse(item);
			return entry.success ? [fromEntry(entry.data, item.id, teams)] : [];
		})
		.filter((e): e is MatchEvent => e !== null)
		.sort(byClock);
}
