import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '~/server/db/client';
import { aliasKey } from '../names';
import type { squadsSchema } from './parse';
import { rowsOf } from '~/server/db/rows';
import { upsertRows, type UpsertCount } from './upsert';

type Squads = z.infer<typeof squadsSchema>;

/**
 * Players and squad memberships of a tournament (World Cup 2026). A player's natural key is
 * team code, name and date of birth, so a re-import updates rather than duplicates.
 */
export async function importSquads(
	db: Database,
	squads: Squads,
	seasonId: number,
	teamIdOf: (squad: { name: string; fifa_code: string }) => number | undefined,
): Promise<{ players: UpsertCount; squads: UpsertCount }> {
	const playerRows: Record<string, unknown>[] = [];
	const memberships: {
		teamId: number | undefined;
		playerKey: string;
		number: number | null;
		pos: string | null;
	}[] = [];
	for (const squad of squads) {
		const teamId = teamIdOf(squad);
		for (const p of squad.players) {
			const key = `${squad.fifa_code}|${aliasKey(p.name)}|${p.date_of_birth ?? ''}`;
			playerRows.push({
				key,
				name: p.name,
				date_of_birth: p.date_of_birth ?? null,
				position: p.pos ?? null,
				club_name: p.club?.name ?? null,
				club_country: p.club?.country ?? null,
			});
			memberships.push({ teamId, playerKey: key, number: p.number ?? null, pos: p.pos ?? null });
		}
	}
	const players = (await upsertRows(db, 'players', playerRows, ['key'])).count;
	const playerIds = new Map(
		rowsOf<{ id: number; key: string }>(await db.execute(sql`SELECT id, key FROM players`)).map(
			(r) => [r.key, Number(r.id)],
		),
	);
	const squadRows = memberships
		.filter((m) => m.teamId !== undefined)
		.map((m) => ({
			season_id: seasonId,
			team_id: m.teamId!,
			player_id: playerIds.get(m.playerKey)!,
			shirt_number: m.number,
			position: m.pos,
		}));
	const squadCount = (
		await upsertRows(db, 'squads', squadRows, ['season_id', 'team_id', 'player_id'])
	).count;
	return { players, squads: squadCount };
}
