import { expect, type Page, test } from '@playwright/test';
import { adminConsole } from './staff';

/**
 * Issue 28, "nothing typed is lost": the console's forms keep a local draft until the server
 * confirms the save. A post that never arrives (offline), a refused post or a closed tab
 * brings back what was typed, with a note and a way to throw it away; a save spends it.
 */
const RESTORED = 'Restored your unsaved changes';

/** Every stored draft's field names: what the browser keeps for the console's forms. */
const storedFields = (page: Page) =>
	page.evaluate(() =>
		Object.keys(localStorage)
			.filter((k) => k.startsWith('form-draft:'))
			.flatMap((k) => Object.keys(JSON.parse(localStorage.getItem(k) ?? '{}').values ?? {})),
	);

/** A fixture the server would accept: the first season, two different teams, a kick-off. */
async function fillFixture(page: Page, round: string) {
	await page.getByLabel('Competition and season').selectOption({ index: 1 });
	await page.getByLabel('Home team').selectOption({ index: 1 });
	await page.getByLabel('Away team').selectOption({ index: 2 });
	await page.getByLabel('Round').fill(round);
	await page.getByLabel('Kick-off date (local)').fill('2031-03-14');
	await page.getByLabel('Kick-off time (local)').fill('18:45');
	await page.getByLabel('Time zone').fill('Europe/Madrid');
}

test.describe('editors’ console: local drafts', () => {
	test.describe.configure({ timeout: 120_000 });

	test('the fixture form keeps what was typed through a lost connection, until saved', async ({
		page,
		context,
	}) => {
		await adminConsole(page);
		const tag = Date.now().toString(36);
		const round = `Draft round ${tag}`;
		await page.goto('/en/cms/fixtures/new');
		const note = page.getByTestId('fixture-draft-note');
		await expect(note).toBeHidden();
		await fillFixture(page, round);
		const home = await page.getByLabel('Home team').inputValue();

		// The post never reaches the server: the browser shows its own error page.
		await context.setOffline(true);
		await page.getByRole('button', { name: 'Create fixture' }).click();
		await page.waitForLoadState();
		await context.setOffline(false);

		await page.goto('/en/cms/fixtures/new');
		await expect(note).toBeVisible();
		await expect(note).toContainText(RESTORED);
		await expect(page.getByLabel('Round')).toHaveValue(round);
		await expect(page.getByLabel('Home team')).toHaveValue(home);
		await expect(page.getByLabel('Kick-off time (local)')).toHaveValue('18:45');
		await expect(page.getByLabel('Time zone')).toHaveValue('Europe/Madrid');
		// The intent (a hidden field) is the page's, never part of a draft.
		expect(await storedFields(page)).toContain('round');
		expect(await storedFields(page)).not.toContain('intent');

		// Discard: the form is as the page sent it, and stays so on the next visit.
		await note.getByRole('button', { name: 'Discard them' }).click();
		await expect(note).toBeHidden();
		await expect(page.getByLabel('Round')).toHaveValue('');
		await expect(page.getByLabel('Home team')).toHaveValue('');
		await page.reload();
		await expect(page.getByLabel('Round')).toHaveValue('');
		await expect(note).toBeHidden();

		// Typed again and saved: the draft is spent, a new form starts empty.
		await fillFixture(page, round);
		await page.getByRole('button', { name: 'Create fixture' }).click();
		await expect(page).toHaveURL(/\/en\/cms\/fixtures\/\d+\?done=save$/);
		await expect(page.getByTestId('fixture-draft-note')).toBeHidden();
		const saved = page.url();
		await page.goto('/en/cms/fixtures/new');
		await expect(page.getByLabel('Round')).toHaveValue('');
		await expect(note).toBeHidden();

		// The saved match has a draft of its own: a change kept across a reload of its page.
		await page.goto(saved);
		await page.getByLabel('Round').fill(`${round} (replayed)`);
		await page.reload();
		await expect(note).toContainText(RESTORED);
		await expect(page.getByLabel('Round')).toHaveValue(`${round} (replayed)`);
	});

	test('the team form keeps what was typed through a refused post and a closed tab, until saved', async ({
		page,
		context,
	}) => {
		await adminConsole(page);
		const tag = Date.now().toString(36);
		const name = `Draft Rovers ${tag}`;
		await page.goto('/en/cms/teams/new');
		await page.getByLabel('Name', { exact: true }).fill(name);
		await page.getByLabel('Short name').fill('Rovers');
		await page.getByLabel('National team').check();
		// A slug the server refuses (the browser's own pattern check is bypassed).
		await page.getByLabel('Address (slug)').evaluate((el) => el.removeAttribute('pattern'));
		await page.getByLabel('Address (slug)').fill('Not A Slug!');
		await page.getByRole('button', { name: 'Create team' }).click();
		await expect(page.getByTestId('team-problem')).toBeVisible();

		// The tab is closed; a new one opens the form empty from the server, the draft fills it.
		await page.close();
		const again = await context.newPage();
		await again.goto('/en/cms/teams/new');
		await expect(again.getByTestId('team-draft-note')).toContainText(RESTORED);
		await expect(again.getByLabel('Name', { exact: true })).toHaveValue(name);
		await expect(again.getByLabel('Short name')).toHaveValue('Rovers');
		await expect(again.getByLabel('National team')).toBeChecked();

		// Corrected and saved: spent, and a new team form starts empty without a note.
		await again.getByLabel('Address (slug)').fill(`draft-rovers-${tag}`);
		await again.getByRole('button', { name: 'Create team' }).click();
		await expect(again.getByTestId('team-done')).toContainText('Team created.');
		await again.goto('/en/cms/teams/new');
		await expect(again.getByLabel('Name', { exact: true })).toHaveValue('');
		await expect(again.getByLabel('National team')).not.toBeChecked();
		await expect(again.getByTestId('team-draft-note')).toBeHidden();
	});
});
