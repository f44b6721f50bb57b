import { expect, test } from '@playwright/test';
import { LIVE_MS, registerAdmin } from './staff';

// Issue 13, hold / "under review": the scorer records a goal under video review; a fan's
// open match page shows "Goal under review" (score unchanged), the match refuses other
// changes meanwhile, and the confirmation turns it into the goal, each within 2 s.
test.describe('editors’ console: a goal under review', () => {
	test.describe.configure({ timeout: 240_000 });

	test('under review → refused while on hold → confirmed; then a substitution and a shoot-out kick', async ({
		browser,
		page: scorer,
	}) => {
		await registerAdmin(scorer);
		// The last match waiting for a result (the match-day test takes the first).
		const link = scorer.getByTestId('cms-needs-result').locator('a[data-match-id]').last();
		const matchId = await link.getAttribute('data-match-id');
		expect(matchId).toMatch(/^\d+$/);
		await scorer.goto(`/en/cms/matches/${matchId}`);
		const status = scorer.getByTestId('console-status');
		if ((await status.getAttribute('data-status')) !== 'live') {
			await scorer.getByRole('button', { name: 'Kick-off' }).click();
			await expect(status).toHaveAttribute('data-status', 'live');
		}
		const consoleScore = scorer.getByTestId('console-score');
		const before = (await consoleScore.textContent())?.trim() ?? '';
		const [home, away] = before.split('–').map((s) => Number(s.trim()));

		const fan = await (await browser.newContext()).newPage();
		await fan.goto(`/en/match/${matchId}`);
		const centre = fan.getByTestId('live-centre');
		const board = centre.getByTestId('live-score');
		await expect(board).toHaveText(`${home}–${away}`);

		await scorer.getByTestId('console-minute').fill('33');
		await scorer.getByTestId('console-player').fill('Reviewed Striker');
		await scorer.getByTestId('console-review').check();
		await scorer.getByTestId('goal-home').click();
		const review = centre.locator('li[data-review="true"]');
		await expect(review).toContainText('Goal under review', { timeout: LIVE_MS });
		await expect(review).toContainText('Reviewed Striker');
		await expect(board).toHaveText(`${home}–${away}`);
		await expect(scorer.getByTestId('console-hold')).toContainText('On hold: Goal under review');

		// On hold: a card is refused (409 on_hold), nothing reaches the page.
		await scorer.getByRole('button', { name: 'Yellow' }).first().click();
		await expect(scorer.getByTestId('console-notice')).toContainText('the match is on hold');

		await scorer.getByTestId('review-confirm').click();
		await expect(board).toHaveText(`${(home ?? 0) + 1}–${away}`, { timeout: LIVE_MS });
		await expect(review).toHaveCount(0, { timeout: LIVE_MS });
		await expect(centre.locator('li.tl-goal').last()).toContainText('Reviewed Striker');
		await expect(scorer.getByTestId('console-hold')).toHaveCount(0);

		// A page opened now shows the same: the confirmed goal, nothing under review.
		const later = await (await browser.newContext()).newPage();
		await later.goto(`/en/match/${matchId}`);
		await expect(later.getByTestId('live-score')).toHaveText(`${(home ?? 0) + 1}–${away}`);
		await expect(later.locator('li[data-review="true"]')).toHaveCount(0);

		// More events: a substitution (typed names) and a shoot-out kick with its running score.
		await scorer.getByTestId('console-minute').fill('60');
		await scorer.getByTestId('sub-off-home').fill('Tired Legs');
		await scorer.getByTestId('sub-on-home').fill('Fresh Legs');
		await scorer.getByTestId('sub-home').click();
		await expect(centre.locator('li.tl-substitution').last()).toContainText('Fresh Legs', {
			timeout: LIVE_MS,
		});
		await scorer.getByTestId('kick-scored-away').click();
		await expect(scorer.getByTestId('console-shootout')).toContainText(/0 – 1|\d+ – \d+/);
		await expect(centre.locator('li.tl-penalties').last()).toBeVisible({ timeout: LIVE_MS });

		// Leave the match finished: other tests count the live matches. Full time asks first.
		await scorer.getByRole('button', { name: 'Full time', exact: true }).click();
		await scorer.getByTestId('console-fulltime-ask').getByTestId('confirm-yes').click();
		await expect(status).toHaveAttribute('data-status', 'finished');
	});
});
