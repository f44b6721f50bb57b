import { sql } from 'drizzle-orm';
import { regionOf } from '~/lib/football/regions';
import { cached } from '~/server/cache/data-cache';
import type { Database } from '~/server/db/client';
import { query } from './sql';

/**
 * Every national team's place code (`lib/football/regions.ts`) by team id: the views name
 * national teams in the visitor's language from it, whatever shape a team comes in (a
 * table row carries only id, name and slug). Some seventy rows; teams change only on
 * import, so a long life and no live tag (live changes drop `lists` every few seconds).
 */
export async function nationRegions(db: Database): Promise<ReadonlyMap<number, string>> {
	return cached('nations:regions', 10 * 60_000, [], async () => {
		const rows = await query<{ id: number; tla: string | null; country_code: string | null }>(
			db,
			sql`SELECT id, tla, country_code FROM teams WHERE is_national`,
		);
		const out = new Map<number, string>();
		for (const r of rows) {
			const region = regionOf(r.country_code) ?? regionOf(r.tla);
			if (region) out.set(Number(r.id), region);
		}
		return out;
	});
}
