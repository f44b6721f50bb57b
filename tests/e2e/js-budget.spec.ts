import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { brotliSize, scriptsOf as measure } from '../../scripts/script-weight.mjs';
import { liveMatches } from './live-matches';
import { registerAndLogIn } from './members';
import { adminConsole } from './staff';

/**
 * The JavaScript budget (issue 26), counted as a browser receives it: brotli, the way the
 * front serves every script (scripts/static-files.mjs, quality 11), React included.
 * - every interactive page kind loads at most 75 KB of script on first load (React's
 *   runtime, the client router, the stores and the islands; islands that hydrate later,
 *   client:visible below the fold or on interaction, are not part of a first load);
 * - any single client chunk: 60 KB (React's runtime, react-dom/client, is the largest);
 * - the HLS player chunk (hls.js), loaded only when video plays: 150 KB;
 * - no schema library in the browser: forms check with the platform and lib/'s rules.
 * Static pages carry no script at all (also static-pages.spec.ts, every locale).
 */
const PAGE_LIMIT = 75 * 1024;
const CHUNK_LIMIT = 60 * 1024;
const HLS_CHUNK_LIMIT = 150 * 1024;

const outDir = process.env.ASTRO_OUT_DIR ?? 'dist';
const assets = join(outDir, 'client', '_astro');

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

type Chunk = Awaited<ReturnType<typeof measure>>['chunks'][number];

/** The page's first-load scripts (scripts/script-weight.mjs), and that it answered 200. */
async function scriptsOf(page: Page, path: string): Promise<Chunk[]> {
	const { status, chunks } = await measure(page, path, outDir);
	expect(status, path).toBe(200);
	return chunks;
}

function expectWithinBudget(kind: string, path: string, chunks: Chunk[]): void {
	const br = chunks.reduce((n, c) => n + c.br, 0);
	const gz = chunks.reduce((n, c) => n + c.gz, 0);
	test
		.info()
		.annotations.push({ type: kind, description: `${path}: ${kb(br)} br, ${kb(gz)} gzip` });
	const largest = chunks
		.slice(0, 5)
		.map((c) => `${c.file} ${kb(c.br)}`)
		.join(', ');
	expect(
		br,
		`${kind} (${path}) loads ${kb(br)} of script; largest: ${largest}`,
	).toBeLessThanOrEqual(PAGE_LIMIT);
}

async function finishedMatch(request: APIRequestContext): Promise<number> {
	const day = await (await request.get('/api/v1/matches?date=2022-12-18')).json();
	return day.competitions[0].matches[0].id as number;
}

/** A live replay whose page has a stream: the match centre with the most islands. */
async function liveMatchWithStream(request: APIRequestContext): Promise<number> {
	const rows = await liveMatches(request, { before: 80 });
	for (const row of rows)
		if ((await (await request.get(`/en/match/${row.id}`)).text()).includes('id="watch"'))
			return row.id;
	return rows[0]!.id;
}

test('no client chunk carries a schema library (zod stays on the server)', () => {
	expect(existsSync(assets), `${assets} exists (run the build first)`).toBe(true);
	const withZod = readdirSync(assets)
		.filter((f) => f.endsWith('.js'))
		.filter((f) => /ZodError|\$ZodType|invalid_type/.test(readFileSync(join(assets, f), 'utf8')));
	expect(withZod).toEqual([]);
});

test('one React runtime chunk, with an immutable (hashed) name', () => {
	const runtimes = readdirSync(assets).filter(
		(f) => f.endsWith('.js') && readFileSync(join(assets, f), 'utf8').includes('hydrateRoot'),
	);
	expect(runtimes).toHaveLength(1);
	expect(runtimes[0]).toMatch(/\.[\w-]{8}\.js$/);
});

test('every client chunk stays within its budget', () => {
	const over = readdirSync(assets)
		.filter((f) => f.endsWith('.js'))
		.map((f) => {
			const source = readFileSync(join(assets, f));
			const isHls = f.toLowerCase().includes('hls') || source.includes('hlsjs');
			return { file: f, br: brotliSize(source), limit: isHls ? HLS_CHUNK_LIMIT : CHUNK_LIMIT };
		})
		.filter((c) => c.br > c.limit);
	expect(over).toEqual([]);
});

test('public interactive pages load at most 75 KB of script (brotli), React included', async ({
	page,
	request,
}) => {
	test.setTimeout(180_000);
	const kinds: [string, string][] = [
		['home', '/en'],
		['live list', '/en/live-matches'],
		['live match centre', `/en/match/${await liveMatchWithStream(request)}`],
		['finished match', `/en/match/${await finishedMatch(request)}`],
		['league', '/en/league/premier-league'],
		['team', '/en/team/argentina'],
		['pricing', '/en/pricing'],
		['login', '/en/login'],
		['register', '/en/register'],
		['widget builder', '/en/widget'],
	];
	for (const [kind, path] of kinds) {
		const chunks = await scriptsOf(page, path);
		// Each of these hydrates something: a page that loads nothing would measure nothing.
		expect(chunks.length, `${kind} loads its islands`).toBeGreaterThan(0);
		expectWithinBudget(kind, path, chunks);
	}
});

test('signed-in pages and the console load at most 75 KB of script (brotli)', async ({
	page,
	browser,
	request,
}) => {
	test.setTimeout(180_000);
	await registerAndLogIn(page, { name: 'Budget Fan', prefix: 'budget' });
	for (const [kind, path] of [
		['account', '/en/account'],
		['live games', '/en/live-games'],
	] as const)
		expectWithinBudget(kind, path, await scriptsOf(page, path));

	const staff = await browser.newPage();
	await adminConsole(staff);
	const path = `/en/cms/matches/${await finishedMatch(request)}`;
	const chunks = await scriptsOf(staff, path);
	expect(chunks.length, 'the scoring console hydrates').toBeGreaterThan(0);
	expectWithinBudget('console scoring', path, chunks);
	await staff.close();
});

test('static page kinds load no script at all', async ({ page }) => {
	await page.goto('/en/news');
	const article = await page.locator('main a[href^="/en/news/"]').first().getAttribute('href');
	for (const path of ['/en/faq', '/en/guides/how-to-watch', '/en/policy/privacy', article!])
		expect(await scriptsOf(page, path), path).toEqual([]);
});
