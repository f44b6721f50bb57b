import { expect, test, type APIRequestContext } from '@playwright/test';

/**
 * Visual snapshots of the main page kinds, so that a layout regression (a column that
 * wraps, a crest that disappears, a table that loses Pts on a phone) fails the suite.
 * Only pages whose content does not move with the clock: finished matches and past
 * seasons of the shipped data, and the fixed pages. The home and live pages change every
 * minute with the replays; their layout is covered by the axe and structure tests.
 * Regenerate after a deliberate change: `npx playwright test tests/e2e/visual.spec.ts
 * --update-snapshots` (then look at every changed image before committing it).
 */
test.use({ timezoneId: 'UTC', locale: 'en-GB' });

const SIZES = [
	{ name: 'phone', width: 390, height: 844 },
	{ name: 'desktop', width: 1366, height: 900 },
] as const;

async function finalId(request: APIRequestContext): Promise<number> {
	const day = (await (await request.get('/api/v1/matches?date=2022-12-18')).json()) as {
		competitions: { matches: { id: number }[] }[];
	};
	return day.competitions[0]!.matches[0]!.id;
}

const PAGES: Array<{
	kind: string;
	path: (request: APIRequestContext) => Promise<string>;
	dark?: boolean;
}> = [
	{ kind: 'match-centre', path: async (r) => `/en/match/${await finalId(r)}`, dark: true },
	{ kind: 'day', path: async () => '/en/home-2022-12-18' },
	{ kind: 'league', path: async () => '/en/league/world-cup?season=2022', dark: true },
	{ kind: 'head-to-head', path: async () => '/en/team/head-to-head/argentina-vs-france' },
	{ kind: 'pricing', path: async () => '/en/pricing' },
	{ kind: 'faq', path: async () => '/en/faq' },
];

test.describe('visual snapshots', () => {
	for (const p of PAGES) {
		for (const size of SIZES) {
			for (const scheme of p.dark ? (['light', 'dark'] as const) : (['light'] as const)) {
				test(`${p.kind}, ${size.name}, ${scheme}`, async ({ page, request }) => {
					await page.setViewportSize({ width: size.width, height: size.height });
					await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
					await page.goto(await p.path(request));
					await page.waitForLoadState('networkidle');
					await expect(page).toHaveScreenshot(`${p.kind}-${size.name}-${scheme}.png`, {
						fullPage: true,
						animations: 'disabled',
						caret: 'hide',
						maxDiffPixelRatio: 0.001,
					});
				});
			}
		}
	}
});
