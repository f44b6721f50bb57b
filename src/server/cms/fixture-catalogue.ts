import { eq, or } from 'drizzle-orm';
import type { CompetitionBody, TeamBody } from '~/lib/cms/fixtures';
import { HOME_TAG, invalidateTags, LISTS_TAG } from '../cache/tags';
import { getDb } from '../db/client';
import { competitions, seasons, teams } from '../db/schema/football';
import { writeAudit } from './audit';
import { conflict, type Result } from './fixtures';
import type { Actor } from './guard';

/**
 * Teams and competitions the shipped data lacks, made in the console for its fixtures. Each
 * is audited in its transaction; after COMMIT the lists that show teams and competitions
 * (tagged `lists`, and the home page) are dropped.
 */

/** A team the shipped data lacks (audited `team.create`); its slug must be free. */
export async function createTeam(
	actor: Actor,
	body: TeamBody,
): Promise<Result<{ id: number; slug: string }>> {
	const db = await getDb();
	const key = `cms:${body.slug}`;
	const result = await db.transaction(async (tx) => {
		const [taken] = await tx
			.select({ id: teams.id })
			.from(teams)
			.where(or(eq(teams.slug, body.slug), eq(teams.key, key)));
		if (taken) return conflict('slug_taken', 'Another team already uses this slug', 'slug');
		const [row] = await tx
			.insert(teams)
			.values({ key, ...body, tla: body.tla ?? null })
			.onConflictDoNothing()
			.returning({ id: teams.id });
		// A racing insert of the same slug won: the same answer as the check above.
		if (!row) return conflict('slug_taken', 'Another team already uses this slug', 'slug');
		await writeAudit(tx, {
			actor,
			action: 'team.create',
			target: `team:${row.id}`,
			after: { ...body },
		});
		return { ok: true as const, id: row.id, slug: body.slug };
	});
	if (result.ok) invalidateTags([HOME_TAG, LISTS_TAG]);
	return result;
}

/** A competition and its first season (audited `competition.create`); code and slug free. */
export async function createCompetition(
	actor: Actor,
	body: CompetitionBody,
): Promise<Result<{ id: number; seasonId: number; slug: string }>> {
	const db = await getDb();
	const result = await db.transaction(async (tx) => {
		const taken = await tx
			.select({ code: competitions.code, slug: competitions.slug })
			.from(competitions)
			.where(or(eq(competitions.code, body.code), eq(competitions.slug, body.slug)));
		if (taken.some((c) => c.code === body.code))
			return conflict('code_taken', 'Another competition already uses this code', 'code');
		if (taken.length)
			return conflict('slug_taken', 'Another competition already uses this slug', 'slug');
		const { seasonLabel, ...fields } = body;
		const [row] = await tx
			.insert(competitions)
			.values(fields)
			.onConflictDoNothing()
			.returning({ id: competitions.id });
		if (!row) return conflict('slug_taken', 'Another competition already uses this slug', 'slug');
		const [season] = await tx
			.insert(seasons)
			.values({ competitionId: row.id, label: seasonLabel, name: `${body.name} ${seasonLabel}` })
			.returning({ id: seasons.id });
		await writeAudit(tx, {
			actor,
			action: 'competition.create',
			target: `competition:${row.id}`,
			after: { ...body, seasonId: season!.id },
		});
		return { ok: true as const, id: row.id, seasonId: season!.id, slug: body.slug };
	});
	if (result.ok) invalidateTags([HOME_TAG, LISTS_TAG]);
	return result;
}
