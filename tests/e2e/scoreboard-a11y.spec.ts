import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { liveMatches } from './live-matches';

// axe's experimental rule p-as-heading: a bold paragraph followed by others reads as a
// heading that is not one. The scoreboard's status line was such a paragraph (issue 34).

test('the match centre has no paragraph styled as a heading, live or finished', async ({
	page,
	request,
}) => {
	const [live] = await liveMatches(request, { before: 80 });
	const day = (await (await request.get('/api/v1/matches?date=2022-12-18')).json()) as {
		competitions: { matches: { id: number }[] }[];
	};
	const final = day.competitions[0]!.matches[0]!.id;
	for (const id of [live!.id, final]) {
		await page.goto(`/en/match/${id}`);
		await expect(page.getByTestId('scoreboard')).toBeVisible();
		const result = await new AxeBuilder({ page })
			.include('[data-testid="scoreboard"]')
			.withRules(['p-as-heading'])
			.analyze();
		expect(
			result.violations.map(
				(v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`,
			),
			`/en/match/${id}`,
		).toEqual([]);
	}
});
