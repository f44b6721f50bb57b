import { expect, test, type Page } from '@playwright/test';

/**
 * What arrives after the first paint moves nothing (CLS). Lighthouse's CLS check
 * (lighthouse.spec.ts) sees a shift only when the machine is slow enough for it to land
 * after a paint; these tests make each late arrival happen on purpose and compare the
 * boxes before and after it, so they fail on any machine.
 */

const PHONE = { width: 412, height: 823 };

/** The World Cup final (national teams: their crests are 3:2 flags, not square badges). */
async function finalHref(baseURL: string): Promise<string> {
	const day = (await (await fetch(`${baseURL}/api/v1/matches?date=2022-12-18`)).json()) as {
		competitions: { matches: { id: number }[] }[];
	};
	return `/en/match/${day.competitions[0]!.matches[0]!.id}`;
}

/** Top and height of each element the selector matches, rounded to the pixel. */
function boxes(page: Page, selector: string): Promise<string[]> {
	return page.locator(selector).evaluateAll((els) =>
		els.map((el) => {
			const r = el.getBoundingClientRect();
			return `${Math.round(r.left)},${Math.round(r.top)} ${Math.round(r.width)}×${Math.round(r.height)}`;
		}),
	);
}

test('a crest that arrives late leaves the scoreboard and everything below it in place', async ({
	browser,
	baseURL,
}) => {
	const context = await browser.newContext({ viewport: PHONE, javaScriptEnabled: false });
	const page = await context.newPage();
	// The crests are held back until the page has been measured without them.
	let release!: () => void;
	const held = new Promise<void>((resolve) => {
		release = resolve;
	});
	await page.route('**/crest/**', async (route) => {
		await held;
		await route.continue();
	});
	await page.goto(await finalHref(baseURL!), { waitUntil: 'domcontentloaded' });
	const watched = '.scoreboard, .sb-crest, .sb-name, .scoreboard .meta, #overview';
	const before = await boxes(page, watched);
	expect(before.length).toBeGreaterThanOrEqual(6);
	release();
	await expect
		.poll(() =>
			page
				.locator('img.sb-crest')
				.evaluateAll((imgs) => imgs.every((i) => (i as HTMLImageElement).naturalWidth > 0)),
		)
		.toBe(true);
	// The pictures are flags, wider than tall: the box must not have taken their shape.
	const natural = await page
		.locator('img.sb-crest')
		.first()
		.evaluate((i) => (i as HTMLImageElement).naturalWidth / (i as HTMLImageElement).naturalHeight);
	expect(natural).toBeGreaterThan(1.2);
	expect(await boxes(page, watched)).toEqual(before);
	await context.close();
});

test('the "times in UTC" label keeps its box when the script makes the times local', async ({
	browser,
	baseURL,
}) => {
	const href = await finalHref(baseURL!);
	const measure = async (javaScriptEnabled: boolean) => {
		const context = await browser.newContext({
			viewport: PHONE,
			javaScriptEnabled,
			timezoneId: 'Europe/Berlin',
		});
		const page = await context.newPage();
		await page.goto(href);
		const label = page.locator('[data-utc-label]');
		await expect(label).toHaveText(javaScriptEnabled ? 'Times in your time zone' : 'Times in UTC');
		const box = await boxes(page, '[data-utc-label]');
		await context.close();
		return box;
	};
	// The label is centred on the match page: a wider wording would move its left edge.
	expect(await measure(true)).toEqual(await measure(false));
});
