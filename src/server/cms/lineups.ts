import { sql } from 'drizzle-orm';
import { invalidateTags, matchTag } from '../cache/tags';
import { getDb } from '../db/client';
import { rowsOf } from '../db/rows';
import { applyLiveChange, MatchNotFoundError } from '../live/apply';
import type { TeamLineup } from '../live/lineups';
import { getLiveHub } from '../live/runtime';
import { formationLines } from '../views/match-lineups';
import { writeAudit } from './audit';
import type { Actor } from './guard';
import {
	FORMATIONS,
	type Formation,
	formationSlots,
	type LineupBody,
	type SideLineup,
} from '~/lib/cms/lineup';
import type { EditorSide, LineupEditorView, SquadPlayer } from '~/lib/cms/lineup-editor';
import { can } from '~/lib/cms/roles';

export type { LineupEditorView };

interface MatchTeams {
	season_id: number;
	home_id: number;
	home: string;
	away_id: number;
	away: string;
}

async function squadOf(teamId: number, seasonId: number): Promise<SquadPlayer[]> {
	const db = await getDb();
	// The match's own season first; a team without one (a friendly, a league without squad
	// data) gets its newest squad, which is still better than typing eleven names.
	const rows = rowsOf<{ name: string; shirt_number: number | null; position: string | null }>(
		await db.execute(sql`SELECT p.name, s.shirt_number, coalesce(s.position, p.position) AS position
			FROM squads s JOIN players p ON p.id = s.player_id
			WHERE s.team_id = ${teamId} AND s.season_id = (
				SELECT s2.season_id FROM squads s2 WHERE s2.team_id = ${teamId}
				ORDER BY (s2.season_id = ${seasonId}) DESC, s2.season_id DESC LIMIT 1)
			ORDER BY s.shirt_number NULLS LAST, p.name`),
	);
	return rows.map((r) => ({
		name: r.name,
		shirtNumber: r.shirt_number === null ? null : Number(r.shirt_number),
		position: r.position,
	}));
}

/**
 * The published line-up of one side as the editor's form: the formation read back from the
 * starters' stored positions (the way the match centre reads it) and the starters in slot
 * order when it is one of ours; else the first of the list with the starters as stored.
 */
function currentSide(
	rows: {
		player_name: string;
		shirt_number: number | null;
		position: string | null;
		starter: boolean;
	}[],
): SideLineup | null {
	if (rows.length === 0) return null;
	const entries = rows.map((r) => ({
		teamId: 0,
		player: r.player_name,
		shirtNumber: r.shirt_number === null ? null : Number(r.shirt_number),
		position: r.position,
		starter: r.starter,
	}));
	const starters = entries.filter((e) => e.starter);
	const bench = entries
		.filter((e) => !e.starter)
		.map((e) => ({ name: e.player, shirtNumber: e.shirtNumber, position: e.position }));
	const lines = formationLines(starters);
	const read = lines
		?.slice(1)
		.map((l) => l.length)
		.join('-');
	const formation = (FORMATIONS as readonly string[]).includes(read ?? '')
		? (read as Formation)
		: FORMATIONS[0];
	// Fill each slot with the starter stored with that slot's code, in order; leftovers
	// (positions from a feed) take the free slots.
	const pool = [...starters];
	const slots = formationSlots(formation).map((slot) => {
		const at = pool.findIndex((p) => p.position === slot.code);
		return at >= 0 ? pool.splice(at, 1)[0] : undefined;
	});
	const placed = slots.map((p) => p ?? pool.shift());
	return {
		formation,
		starters: placed
			.filter((p) => p !== undefined)
			.map((p) => ({ name: p.player, shirtNumber: p.shirtNumber })),
		bench,
	};
}

/** What the line-up editor starts from; null for an unknown match. */
export async function lineupEditorView(matchId: number): Promise<LineupEditorView | null> {
	const db = await getDb();
	const [m] = rowsOf<MatchTeams>(
		await db.execute(sql`SELECT m.season_id, m.home_team_id AS home_id, h.name AS home,
			m.away_team_id AS away_id, a.name AS away
			FROM matches m JOIN teams h ON h.id = m.home_team_id JOIN teams a ON a.id = m.away_team_id
			WHERE m.id = ${matchId}`),
	);
	if (!m) return null;
	const stored = rowsOf<{
		team_id: number;
		player_name: string;
		shirt_number: number | null;
		position: string | null;
		starter: boolean;
	}>(
		await db.execute(sql`SELECT team_id, player_name, shirt_number, position, starter FROM lineups
			WHERE match_id = ${matchId} ORDER BY NOT starter, shirt_number NULLS LAST, player_name`),
	);
	const side = async (teamId: number, name: string): Promise<EditorSide> => ({
		teamId: Number(teamId),
		name,
		squad: await squadOf(Number(teamId), Number(m.season_id)),
		current: currentSide(stored.filter((r) => Number(r.team_id) === Number(teamId))),
	});
	return {
		matchId,
		home: await side(m.home_id, m.home),
		away: await side(m.away_id, m.away),
	};
}

/** The live write path's form of one side: starters take their slot's position code. */
export function toTeamLineup(side: SideLineup): TeamLineup {
	const slots = formationSlots(side.formation);
	return {
		formation: side.formation,
		players: [
			...side.starters.map((p, i) => ({
				name: p.name.trim(),
				shirtNumber: p.shirtNumber ?? null,
				position: slots[i]?.code ?? null,
				starter: true,
			})),
			...side.bench.map((p) => ({
				name: p.name.trim(),
				shirtNumber: p.shirtNumber ?? null,
				position: p.position?.trim() || null,
				starter: false,
			})),
		],
	};
}

export type PublishResult =
	| { ok: true; matchId: string; version: number; eventId: number; sides: Array<'home' | 'away'> }
	| { ok: false; status: 403 | 404; error: 'forbidden' | 'not_found'; message: string };

/**
 * Publishes line-ups through the live write path: ONE `lineups` live change stores them
 * (replaceLineups), appends the log row and, in the same transaction, the audit row; after
 * COMMIT the event is published, so the match centre and the line-up embed drop their
 * cached copies at once, as for a goal.
 */
export async function publishLineup(
	actor: Actor,
	matchId: number,
	body: LineupBody,
): Promise<PublishResult> {
	if (!can(actor.scope, 'lineup.publish'))
		return { ok: false, status: 403, error: 'forbidden', message: 'Your role does not allow this' };
	const db = await getDb();
	const before = await lineupEditorView(matchId);
	if (!before) return { ok: false, status: 404, error: 'not_found', message: 'No such match' };
	const lineups = {
		home: body.home ? toTeamLineup(body.home) : null,
		away: body.away ? toTeamLineup(body.away) : null,
	};
	const summary = (s: SideLineup | null | undefined) =>
		s
			? {
					formation: s.formation,
					starters: s.starters.map((p) => p.name),
					bench: s.bench.map((p) => p.name),
				}
			: null;
	try {
		const event = await applyLiveChange(
			{ matchId: String(matchId), kind: 'lineups', lineups },
			{ db, bus: getLiveHub().bus },
			{
				within: async (tx, { event }) => {
					await writeAudit(tx, {
						actor,
						action: 'match.lineup.publish',
						target: `match:${matchId}`,
						before: {
							...(body.home ? { home: summary(before.home.current) } : {}),
							...(body.away ? { away: summary(before.away.current) } : {}),
						},
						after: {
							...(body.home ? { home: summary(body.home) } : {}),
							...(body.away ? { away: summary(body.away) } : {}),
							eventId: event.id,
						},
					});
				},
			},
		);
		// The bus drops every process's cached copies a moment later (coalesced); this process
		// drops its own now, so the editor's next look at the match page already has them.
		invalidateTags([matchTag(matchId)]);
		const payload = event.payload as { version: number; lineups?: Array<'home' | 'away'> };
		return {
			ok: true,
			matchId: String(matchId),
			version: Number(payload.version),
			eventId: event.id,
			sides: payload.lineups ?? [],
		};
	} catch (error) {
		if (error instanceof MatchNotFoundError)
			return { ok: false, status: 404, error: 'not_found', message: 'No such match' };
		throw error;
	}
}
