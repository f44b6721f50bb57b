import { getDb } from '~/server/db/client';
import { listCompetitionsByArea, type AreaGroup } from '~/server/football/queries/competitions';
import { listMatches } from '~/server/football/queries/matches';
import { topScorers, type Scorer } from '~/server/football/queries/scorers';
import type { MatchSummary } from '~/server/football/queries/shape';
import { getStandings, type Standings } from '~/server/football/queries/standings';
import { getLiveLeagueTable } from '~/server/live/page';

/** `/league`: competitions grouped by country or area. */
export async function getLeagueList(): Promise<AreaGroup[]> {
	return listCompetitionsByArea(await getDb());
}

export interface LeaguePageData {
	standings: Standings;
	/** True when the season shown is the competition's latest. */
	latest: boolean;
	fixtures: MatchSummary[];
	results: MatchSummary[];
	scorers: Scorer[];
	/** This season's table matches in play (or kicking off soon), for the live table island. */
	live: Awaited<ReturnType<typeof getLiveLeagueTable>>;
}

const SEASON_RE = /^\d{4}(-\d{2})?$/;

/**
 * `/league/{id}?season=…`: the table(s) with form and position change, next fixtures,
 * latest results and top scorers of one season. Undefined (404) for an id that is not a
 * number, an unknown competition or a season it does not have.
 */
export async function getLeaguePage(id: string | undefined, season: string | null, now = new Date()): Promise<LeaguePageData | undefined> {
	if (!id || !/^\d{1,9}$/.test(id)) return undefined;
	if (season !== null && !SEASON_RE.test(season)) return undefined;
	const db = await getDb();
	const standings = await getStandings(db, Number(id), season ? { season } : {});
	if (!standings) return undefined;
	const seasonId = standings.season.id;
	const competitionId = standings.competition.id;
	const [fixtures, results, scorers, live] = await Promise.all([
		listMatches(db, { competitionId, seasonId, filter: 'fixtures', pageSize: 10, now }),
		listMatches(db, { competitionId, seasonId, filter: 'results', pageSize: 10, now }),
		topScorers(db, competitionId, { season: standings.season.label, limit: 15 }),
		getLiveLeagueTable(seasonId, 12, now),
	]);
	return {
		standings,
		latest: standings.seasons[0]?.id === seasonId,
		fixtures: fixtures.items,
		results: results.items,
		scorers,
		live,
	};
}
