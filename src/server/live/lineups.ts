import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../db/client';
import { rowsOf } from '../db/rows';

/**
 * Line-ups as the live write path carries them: per side, the players a provider (or the
 * editors' console) published. They are stored in `lineups` in the same transaction as the
 * log row that announces them, so every process drops its cached match pages through the
 * bus exactly as for a goal.
 */
export const lineupPlayerSchema = z.object({
	name: z.string().trim().min(1).max(120),
	shirtNumber: z.number().int().min(0).max(999).nullable(),
	position: z.string().trim().max(20).nullable(),
	starter: z.boolean(),
});
export const teamLineupSchema = z.object({
	formation: z
		.string()
		.regex(/^\d(-\d){1,4}$/)
		.nullable(),
	players: z.array(lineupPlayerSchema).min(1).max(40),
});
export type TeamLineup = z.infer<typeof teamLineupSchema>;
export const matchLineupsSchema = z.object({
	home: teamLineupSchema.nullable(),
	away: teamLineupSchema.nullable(),
});
export type MatchLineups = z.infer<typeof matchLineupsSchema>;

/**
 * Replaces the stored line-up of each side given (a side given as null is left as it is).
 * Names repeat in the key of `lineups`, so a provider listing one name twice keeps the first.
 */
export async function replaceLineups(
	tx: Pick<Database, 'execute'>,
	matchId: string,
	lineups: MatchLineups,
): Promise<Array<'home' | 'away'>> {
	const [match] = rowsOf<{ home: number; away: number }>(
		await tx.execute(
			sql`SELECT home_team_id AS home, away_team_id AS away FROM matches WHERE id = ${Number(matchId)}`,
		),
	);
	if (!match) return [];
	const sides: Array<'home' | 'away'> = [];
	for (const side of ['home', 'away'] as const) {
		const lineup = lineups[side];
		if (!lineup) continue;
		const teamId = match[side];
		await tx.execute(
			sql`DELETE FROM lineups WHERE match_id = ${Number(matchId)} AND team_id = ${teamId}`,
		);
		const seen = new Set<string>();
		for (const p of lineup.players) {
			if (seen.has(p.name)) continue;
			seen.add(p.name);
			await tx.execute(sql`INSERT INTO lineups (match_id, team_id, player_name, shirt_number, position, starter)
				VALUES (${Number(matchId)}, ${teamId}, ${p.name}, ${p.shirtNumber}, ${p.position}, ${p.starter})`);
		}
		sides.push(side);
	}
	return sides;
}
