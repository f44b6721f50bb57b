import { and, asc, eq, gte, lt, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FixtureFilter } from '~/lib/cms/fixtures';
import { getDb } from '../db/client';
import { competitions, matches, seasons, teams, venues } from '../db/schema/football';

/**
 * What the fixtures console reads: the list (filtered, paged), one fixture for its form, and
 * the choices the form offers. Straight from the database, never cached: editors must see
 * their own change on the next page.
 */

export const FIXTURES_PAGE = 25;

export interface FixtureRow {
	id: number;
	kickoffAt: string;
	status: string;
	round: string;
	home: { id: number; name: string };
	away: { id: number; name: string };
	competition: { id: number; name: string };
	season: { id: number; label: string };
	venue: { id: number; name: string; timeZone: string | null } | null;
}

const home = alias(teams, 'home');
const away = alias(teams, 'away');

function select() {
	return {
		id: matches.id,
		kickoffAt: matches.kickoffAt,
		status: matches.status,
		round: matches.round,
		homeId: home.id,
		homeName: home.name,
		awayId: away.id,
		awayName: away.name,
		competitionId: competitions.id,
		competitionName: competitions.name,
		seasonId: seasons.id,
		seasonLabel: seasons.label,
		venueId: venues.id,
		venueName: venues.name,
		venueZone: venues.timeZone,
	};
}

type Raw = {
	[K in keyof ReturnType<typeof select>]: unknown;
};

function toRow(r: Raw): FixtureRow {
	return {
		id: Number(r.id),
		kickoffAt: (r.kickoffAt as Date).toISOString(),
		status: String(r.status),
		round: String(r.round),
		home: { id: Number(r.homeId), name: String(r.homeName) },
		away: { id: Number(r.awayId), name: String(r.awayName) },
		competition: { id: Number(r.competitionId), name: String(r.competitionName) },
		season: { id: Number(r.seasonId), label: String(r.seasonLabel) },
		venue:
			r.venueId === null
				? null
				: {
						id: Number(r.venueId),
						name: String(r.venueName),
						timeZone: (r.venueZone as string | null) ?? null,
					},
	};
}

async function query(where: SQL | undefined, limit: number, offset: number) {
	const db = await getDb();
	return db
		.select(select())
		.from(matches)
		.innerJoin(home, eq(home.id, matches.homeTeamId))
		.innerJoin(away, eq(away.id, matches.awayTeamId))
		.innerJoin(seasons, eq(seasons.id, matches.seasonId))
		.innerJoin(competitions, eq(competitions.id, seasons.competitionId))
		.leftJoin(venues, eq(venues.id, matches.venueId))
		.where(where)
		.orderBy(asc(matches.kickoffAt), asc(matches.id))
		.limit(limit)
		.offset(offset);
}

/** One page of fixtures, by kick-off; `from`/`to` are whole UTC days, both included. */
export async function listFixtures(
	filter: FixtureFilter,
): Promise<{ rows: FixtureRow[]; hasMore: boolean }> {
	const conds: SQL[] = [];
	if (filter.competition) conds.push(eq(competitions.id, filter.competition));
	if (filter.from) conds.push(gte(matches.kickoffAt, new Date(`${filter.from}T00:00:00Z`)));
	if (filter.to)
		conds.push(lt(matches.kickoffAt, new Date(Date.parse(`${filter.to}T00:00:00Z`) + 86_400_000)));
	const rows = await query(
		conds.length ? and(...conds) : undefined,
		FIXTURES_PAGE + 1,
		filter.page * FIXTURES_PAGE,
	);
	return {
		rows: rows.slice(0, FIXTURES_PAGE).map((r) => toRow(r as Raw)),
		hasMore: rows.length > FIXTURES_PAGE,
	};
}

/** One fixture with what its form shows, or null. */
export async function readFixture(
	id: number,
): Promise<(FixtureRow & { stage: string; matchday: number | null }) | null> {
	const [row] = await query(eq(matches.id, id), 1, 0);
	if (!row) return null;
	const db = await getDb();
	const [extra] = await db
		.select({ stage: matches.stage, matchday: matches.matchday })
		.from(matches)
		.where(eq(matches.id, id));
	return { ...toRow(row as Raw), stage: extra!.stage, matchday: extra!.matchday };
}

export interface FixtureChoices {
	seasons: { id: number; label: string; competition: string; competitionId: number }[];
	competitions: { id: number; name: string }[];
	teams: { id: number; name: string }[];
	venues: { id: number; name: string; city: string | null; timeZone: string | null }[];
}

/** Every season (under its competition), team and venue the form may pick. */
export async function fixtureChoices(): Promise<FixtureChoices> {
	const db = await getDb();
	const [seasonRows, teamRows, venueRows] = await Promise.all([
		db
			.select({
				id: seasons.id,
				label: seasons.label,
				competition: competitions.name,
				competitionId: competitions.id,
			})
			.from(seasons)
			.innerJoin(competitions, eq(competitions.id, seasons.competitionId))
			.orderBy(asc(competitions.name), asc(seasons.label)),
		db.select({ id: teams.id, name: teams.name }).from(teams).orderBy(asc(teams.name)),
		db
			.select({ id: venues.id, name: venues.name, city: venues.city, timeZone: venues.timeZone })
			.from(venues)
			.orderBy(asc(venues.name)),
	]);
	const comps = new Map(seasonRows.map((s) => [s.competitionId, s.competition]));
	return {
		seasons: seasonRows,
		competitions: [...comps].map(([id, name]) => ({ id, name })),
		teams: teamRows,
		venues: venueRows,
	};
}
