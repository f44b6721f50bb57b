import { type APIRequestContext, expect } from '@playwright/test';

/**
 * A competition, two teams and one fixture kicking off now, made through the console's API
 * (`auth`: an admin's bearer header); `names` tags the teams. Answers the match id.
 */
export async function ownFixture(
	request: APIRequestContext,
	auth: Record<string, string>,
	names: { cup: string; home: string; away: string } = {
		cup: 'Retry Cup',
		home: 'Lost Answer FC',
		away: 'Second Goal United',
	},
) {
	const tag = Date.now().toString(36).slice(-5);
	const id = async (answer: Awaited<ReturnType<APIRequestContext['post']>>) => {
		expect(answer.status(), await answer.text()).toBe(201);
		const body = (await answer.json()) as { data: { id: number; seasonId?: number } };
		return body.data.seasonId ?? body.data.id;
	};
	const seasonId = await id(
		await request.post('/api/cms/competitions', {
			headers: auth,
			data: {
				name: `${names.cup} ${tag}`,
				code: `RC${tag}`,
				type: 'cup',
				areaName: 'Testland',
				areaCode: 'TST',
				timeZone: 'UTC',
				seasonLabel: '2026',
			},
		}),
	);
	const team = (name: string) =>
		request.post('/api/cms/teams', { headers: auth, data: { name: `${name} ${tag}` } });
	const homeTeamId = await id(await team(names.home));
	const awayTeamId = await id(await team(names.away));
	const now = new Date().toISOString();
	return String(
		await id(
			await request.post('/api/cms/fixtures', {
				headers: auth,
				data: {
					seasonId,
					homeTeamId,
					awayTeamId,
					round: 'Final',
					kickoffDate: now.slice(0, 10),
					kickoffTime: now.slice(11, 16),
					timeZone: 'UTC',
				},
			}),
		),
	);
}
