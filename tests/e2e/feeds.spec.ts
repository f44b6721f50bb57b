import { parseFeed } from '@rowanmanning/feed-parser';
import { expect, test, type APIRequestContext } from '@playwright/test';
import ICAL from 'ical.js';
import { LOCALES } from '~/i18n/locales';
import { ROBOTS_EXPECTATIONS, verdicts } from '../helpers/robots';
import { sitemapXsdErrors } from '../helpers/sitemap-xsd';

// What crawlers and feed readers fetch from the built site, read by independent parsers:
// robots.txt (RFC 9309 and first-match), the sitemaps (Sitemaps 0.9 XSD, and a sample of
// every kind of URL they list answering 200), RSS (a feed parser) and iCalendar (ical.js).
// `npm run check:links` requests every sitemap URL instead of a sample.

const locs = (xml: string) =>
	[...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));

/** The route kind of a sitemap path: the path with its locale and its last key replaced. */
function routeKind(pathname: string): string {
	const parts = pathname.split('/').filter(Boolean).slice(1);
	if (parts.length === 0) return '/';
	if (parts.length === 1) return `/${parts[0]}`;
	return `/${parts.slice(0, -1).join('/')}/*`;
}

async function sitemapFiles(request: APIRequestContext): Promise<string[]> {
	const index = await request.get('/sitemap.xml');
	expect(index.status()).toBe(200);
	return locs(await index.text());
}

test('robots.txt: RFC 9309 and first-match parsers give the same expected answers; Sitemap line', async ({
	request,
	baseURL,
}) => {
	const text = await (await request.get('/robots.txt')).text();
	const v = verdicts(
		text,
		ROBOTS_EXPECTATIONS.map(([p]) => p),
	);
	const expected = ROBOTS_EXPECTATIONS.map(([, allowed]) => allowed);
	expect(v.rfc9309).toEqual(expected);
	expect(v.firstMatch).toEqual(expected);
	if (v.python) expect(v.python).toEqual(expected);
	expect(text).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
});

test('sitemap index and every sitemap validate against the Sitemaps 0.9 XSD', async ({
	request,
}) => {
	test.setTimeout(300_000);
	const index = await (await request.get('/sitemap.xml')).text();
	expect(await sitemapXsdErrors('index', 'sitemap.xml', index)).toEqual([]);
	const files = locs(index);
	expect(files.length).toBeGreaterThan(5);
	for (const url of files) {
		const r = await request.get(url);
		expect(r.status(), url).toBe(200);
		expect(r.headers()['content-type'], url).toMatch(/xml/);
		expect(await sitemapXsdErrors('urlset', url, await r.text())).toEqual([]);
	}
});

test('a sample of every kind of sitemap URL answers 200 at that very address', async ({
	request,
	baseURL,
}) => {
	test.setTimeout(300_000);
	const byKind = new Map<string, string[]>();
	const foreign: string[] = [];
	for (const file of await sitemapFiles(request)) {
		for (const url of locs(await (await request.get(file)).text())) {
			if (!url.startsWith(`${baseURL}/`)) foreign.push(url);
			const kind = routeKind(new URL(url).pathname);
			const list = byKind.get(kind) ?? [];
			list.push(url);
			byKind.set(kind, list);
		}
	}
	expect(foreign).toEqual([]);
	for (const kind of ['/league/*', '/team/*', '/match/*', '/news/*', '/faq'])
		expect([...byKind.keys()]).toContain(kind);
	const failures: string[] = [];
	for (const [kind, urls] of byKind) {
		// First, middle and last of each kind, plus one per locale for the big ones.
		const picks = new Set([urls[0]!, urls[Math.floor(urls.length / 2)]!, urls.at(-1)!]);
		if (urls.length > 100)
			for (let i = 0; i < LOCALES.length; i++)
				picks.add(urls[Math.floor(((i + 0.5) * urls.length) / LOCALES.length)]!);
		for (const url of picks) {
			const r = await request.get(url, { maxRedirects: 0 });
			if (r.status() !== 200)
				failures.push(`${kind} ${url} → ${r.status()} ${r.headers().location ?? ''}`);
		}
	}
	expect(failures).toEqual([]);
});

test('RSS in every language: parsed by a feed parser, self link, images, items at their pages', async ({
	request,
	baseURL,
}) => {
	for (const locale of LOCALES) {
		const r = await request.get(`/${locale}/rss.xml`);
		expect(r.status()).toBe(200);
		const feed = parseFeed(await r.text());
		expect(feed.self, locale).toBe(`${baseURL}/${locale}/rss.xml`);
		expect(feed.language).toBe(locale);
		expect(feed.items.length, locale).toBeGreaterThanOrEqual(3);
		expect(feed.items.filter((i) => i.image).length, locale).toBeGreaterThanOrEqual(2);
		for (const item of feed.items) {
			expect(item.url, locale).toMatch(new RegExp(`^${baseURL}/${locale}/news/[a-z0-9-]+$`));
			expect((await request.get(item.url!, { maxRedirects: 0 })).status()).toBe(200);
			if (item.image)
				expect((await request.get(item.image.url)).headers()['content-type']).toMatch(/^image\//);
		}
	}
});

test('team and league pages link their calendars (webcal: and https), read by ical.js', async ({
	page,
	request,
	baseURL,
}) => {
	for (const [path, season] of [
		['/de/team/argentina', null],
		['/en/league/world-cup?season=2022', '2022'],
		['/en/league/premier-league', null],
	] as const) {
		await page.goto(path);
		const webcal = await page.locator('a[data-calendar="webcal"]').first().getAttribute('href');
		const https = await page.locator('a[data-calendar="https"]').first().getAttribute('href');
		expect(webcal, path).toMatch(/^webcal:\/\//);
		expect(https, path).toBe(webcal!.replace(/^webcal:/, 'http:'));
		const url = new URL(https!);
		expect(url.searchParams.get('locale')).toBe(path.split('/')[1]);
		expect(url.searchParams.get('season')).toBe(season);
		const r = await request.get(url.pathname + url.search);
		expect(r.headers()['content-type']).toMatch(/^text\/calendar/);
		const calendar = new ICAL.Component(ICAL.parse(await r.text()));
		const events = calendar.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
		expect(events.length, path).toBeGreaterThan(0);
		for (const e of events.slice(0, 5)) {
			expect(String(e.component.getFirstPropertyValue('url'))).toMatch(
				new RegExp(`^${baseURL}/${path.split('/')[1]}/match/\\d+$`),
			);
		}
		if (season) expect(events.every((e) => e.startDate.year === 2022)).toBe(true);
	}
});
