import { expect, type Page, test } from '@playwright/test';
import { ADMIN, adminBearer, consoleLogin, setPasswordFromMail } from './staff';

/** The admin (created first when no earlier test did) invites an editor from the console. */
async function newEditor(admin: Page, editor: Page, email: string): Promise<void> {
	// The bearer login also leaves the console cookies in the admin's browser context.
	await adminBearer(admin);
	await admin.goto('/en/cms');
	await expect(admin.getByTestId('cms-who')).toContainText(ADMIN);
	const since = Date.now();
	await admin.goto('/en/cms/staff');
	const form = admin.getByTestId('staff-add');
	await form.getByLabel('E-mail').fill(email);
	await form.getByLabel('Role').selectOption('editor');
	await form.getByRole('button', { name: 'Add or change' }).click();
	await expect(admin.getByTestId('staff-result')).toContainText(`${email} is now Editor`);
	await setPasswordFromMail(editor, email, since);
	await consoleLogin(editor, email);
}

test.describe('editors’ console: line-ups and streams on a match', () => {
	test.describe.configure({ timeout: 180_000 });

	test('an editor attaches a stream and publishes a line-up; the match page and the line-up embed show them', async ({
		browser,
		page: admin,
	}) => {
		const editor = await (await browser.newContext()).newPage();
		const tag = Date.now().toString(36);
		await newEditor(admin, editor, `editor-${tag}@e2e.test`);

		// Editors see no staff or audit link; the admin sees the audit log.
		await expect(editor.getByRole('link', { name: 'Audit log' })).toHaveCount(0);
		await expect(admin.getByRole('link', { name: 'Audit log' })).toBeVisible();
		expect((await editor.goto('/en/cms/audit'))?.status()).toBe(403);
		await expect(editor.getByTestId('audit-list')).toHaveCount(0);
		await editor.goto('/en/cms');

		// A match from the editor's dashboard (the last: the console's and the embeds' tests
		// score the first four); its console page links to the editor's tools.
		const waiting = editor.getByTestId('cms-needs-result').locator('a[data-match-id]');
		await expect(waiting.nth(5)).toBeAttached();
		const first = waiting.last();
		const matchId = await first.getAttribute('data-match-id');
		expect(matchId).toMatch(/^\d+$/);
		await first.click();
		await editor.getByRole('link', { name: 'Streams' }).click();
		await expect(editor).toHaveURL(new RegExp(`/en/cms/matches/${matchId}/streams$`));

		// Attach the demo highlight (a free stream) to the match.
		await editor.getByRole('button', { name: /^Attach: Goals of the week/ }).click();
		await expect(editor.getByTestId('streams-result')).toContainText('Attached: Goals of the week');
		await expect(editor.getByTestId('streams-attached')).toContainText('demo-highlight');

		// The public match page's watch box offers it.
		const fan = await (await browser.newContext()).newPage();
		await fan.goto(`/en/match/${matchId}`);
		await expect(fan.locator('#watch')).toHaveAttribute('data-stream', 'demo-highlight');

		// The line-up: 4-3-3 for the home side, names typed, a bench player; the away side typed too.
		await editor.goto(`/en/cms/matches/${matchId}/lineup`);
		const home = editor.getByTestId('lineup-home');
		const away = editor.getByTestId('lineup-away');
		await home.getByLabel('Formation').selectOption('4-3-3');
		for (let i = 1; i <= 11; i++) {
			await home.getByLabel(`Player ${i} (`).fill(`Home Player${tag} ${i}`);
			await home.getByLabel(`Shirt number ${i}`, { exact: true }).fill(String(i));
			await away.getByLabel(`Player ${i} (`).fill(`Away Player${tag} ${i}`);
		}
		await home.getByLabel(/^Bench player/).fill(`Bench Keeper${tag}`);
		await home.getByRole('button', { name: 'Add to the bench' }).click();
		const preview = editor.getByTestId('lineup-preview-home');
		await expect(preview.locator('.dot:not(.empty)')).toHaveCount(11);
		await expect(preview).toContainText(`Home Player${tag} 11`);

		// A mistake first: a name twice is refused, naming the field, and nothing is published.
		await away.getByLabel('Player 2 (').fill(`Away Player${tag} 1`);
		await editor.getByTestId('lineup-publish').click();
		await expect(editor.getByTestId('lineup-result')).toContainText('away.starters.1.name');
		await away.getByLabel('Player 2 (').fill(`Away Player${tag} 2`);
		await editor.getByTestId('lineup-publish').click();
		await expect(editor.getByTestId('lineup-result')).toContainText('Published');

		// The match page (reloaded: line-ups are not part of the live island) and the embed.
		await fan.goto(`/en/match/${matchId}`);
		const lineups = fan.getByTestId('lineups');
		await expect(lineups).toContainText(`Home Player${tag} 1`);
		await expect(lineups).toContainText(`Bench Keeper${tag}`);
		await expect(lineups).toContainText('4-3-3');
		await fan.goto(`/en/embed/lineup/${matchId}`);
		await expect(fan.locator('body')).toContainText(`Home Player${tag} 9`);
		await expect(fan.locator('body')).toContainText(`Away Player${tag} 11`);
		await expect(fan.locator('body')).toContainText(`Bench Keeper${tag}`);

		// The admin finds both changes in the audit log, filtered to this match.
		await admin.goto('/en/cms/audit');
		await admin.getByLabel(/^Target/).fill(`match:${matchId}`);
		await admin.getByLabel(/^Action/).fill('match');
		await admin.getByRole('button', { name: 'Filter' }).click();
		const list = admin.getByTestId('audit-list');
		await expect(list.locator('.action').first()).toHaveText('match.lineup.publish');
		await expect(list).toContainText('match.stream.attach');
		await expect(list).toContainText(`editor-${tag}@e2e.test`);

		// Detached again (other tests use the demo highlight): the watch box goes with it.
		await editor.goto(`/en/cms/matches/${matchId}/streams`);
		await editor.getByRole('button', { name: /^Detach: Goals of the week/ }).click();
		await expect(editor.getByTestId('streams-result')).toContainText('Detached: Goals of the week');
		await fan.goto(`/en/match/${matchId}`);
		await expect(fan.locator('#watch')).toHaveCount(0);
		await expect(fan.getByTestId('lineups')).toContainText(`Home Player${tag} 1`);
	});
});
