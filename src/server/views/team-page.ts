import { getDb } from '~/server/db/client';
import { getTeamDetail, listTeams, type TeamDetail } from '~/server/football/queries/teams';

export { getTeamList, type TeamListGroup } from '~/server/football/queries/team-list';

/** `/team/{id}`: undefined (404) unless `id` is the number of a known team. */
export async function getTeamPage(id: string | undefined, now = new Date()): Promise<TeamDetail | undefined> {
	if (!id || !/^\d{1,9}$/.test(id)) return undefined;
	return getTeamDetail(await getDb(), Number(id), now);
}

/** Every team for the head-to-head picker (clubs, then national teams). */
export async function getTeamChoices() {
	return listTeams(await getDb());
}
