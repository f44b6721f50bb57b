import { expect, test } from '@playwright/test';
import { LOCALES } from '~/i18n/locales';
import { schemaOrgErrors, type Block } from '../helpers/schema-org';
import { publicPageKinds } from './page-kinds';

// JSON-LD of every page kind of the built site: schema.org conformance (types, properties
// and value kinds, through schema-dts), Google's rich-result rules for the types it shows,
// and every URL in the data answering 200 at its canonical address.

type Node = Record<string, unknown>;

function blocksOf(html: string): unknown[] {
	return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
		(m) => JSON.parse(m[1]!) as unknown,
	);
}

/** The top-level entities of a block: itself, or the members of its @graph. */
const topNodes = (block: unknown): Node[] => {
	const b = block as Node;
	return Array.isArray(b['@graph']) ? (b['@graph'] as Node[]) : [b];
};

const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : v === undefined ? [] : [v]);
const text = (v: unknown) => typeof v === 'string' && v.trim().length > 0;
const ISO = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2}))?$/;

/** Google's required (and a few strongly recommended) properties per rich-result type. */
function googleProblems(node: Node, origin: string): string[] {
	const p: string[] = [];
	const absolute = (v: unknown) => typeof v === 'string' && /^https?:\/\//.test(v);
	switch (node['@type']) {
		case 'SportsEvent': {
			if (!text(node.name)) p.push('SportsEvent.name');
			if (!ISO.test(String(node.startDate))) p.push('SportsEvent.startDate');
			const location = node.location as Node | undefined;
			if (!location?.address) p.push('SportsEvent.location with an address');
			if (
				node.eventStatus !== undefined &&
				!/^https:\/\/schema\.org\/Event(Scheduled|Postponed|Cancelled|Rescheduled|MovedOnline)$/.test(
					String(node.eventStatus),
				)
			)
				p.push('SportsEvent.eventStatus');
			const sup = node.superEvent as Node | undefined;
			if (sup && (!ISO.test(String(sup.startDate)) || !ISO.test(String(sup.endDate))))
				p.push('SportsEvent.superEvent dates');
			break;
		}
		case 'NewsArticle': {
			if (!text(node.headline) || String(node.headline).length > 110)
				p.push('NewsArticle.headline');
			if (arr(node.image).length === 0 || !arr(node.image).every(absolute))
				p.push('NewsArticle.image');
			if (!ISO.test(String(node.datePublished)) || !ISO.test(String(node.dateModified)))
				p.push('NewsArticle dates');
			if (arr(node.author).length === 0 || !arr(node.author).every((a) => text((a as Node).name)))
				p.push('NewsArticle.author');
			if (!text((node.publisher as Node | undefined)?.name)) p.push('NewsArticle.publisher');
			break;
		}
		case 'FAQPage': {
			const qs = arr(node.mainEntity) as Node[];
			if (qs.length === 0) p.push('FAQPage.mainEntity');
			for (const q of qs) {
				if (q['@type'] !== 'Question' || !text(q.name)) p.push('FAQPage Question.name');
				const a = q.acceptedAnswer as Node | undefined;
				if (a?.['@type'] !== 'Answer' || !text(a.text))
					p.push(`FAQPage answer of "${String(q.name)}"`);
			}
			break;
		}
		case 'BreadcrumbList': {
			const items = arr(node.itemListElement) as Node[];
			if (items.length < 2) p.push('BreadcrumbList: at least two levels');
			items.forEach((item, i) => {
				if (item.position !== i + 1) p.push(`BreadcrumbList position ${i + 1}`);
				if (!text(item.name)) p.push('BreadcrumbList ListItem.name');
				if (!String(item.item).startsWith(origin)) p.push('BreadcrumbList ListItem.item');
			});
			break;
		}
		case 'ItemList': {
			const items = arr(node.itemListElement) as Node[];
			if (items.length === 0) p.push('ItemList without items');
			if (node.numberOfItems !== undefined && node.numberOfItems !== items.length)
				p.push('ItemList.numberOfItems');
			items.forEach((item, i) => {
				if (item.position !== i + 1 || !absolute(item.url)) p.push(`ItemList item ${i + 1}`);
			});
			break;
		}
	}
	return p;
}

/** Every absolute URL on our origin anywhere in the data. */
function ownUrls(value: unknown, origin: string, into: Set<string>): void {
	if (typeof value === 'string') {
		if (value.startsWith(`${origin}/`) || value === origin) into.add(value);
	} else if (Array.isArray(value)) {
		for (const v of value) ownUrls(v, origin, into);
	} else if (value && typeof value === 'object') {
		for (const v of Object.values(value)) ownUrls(v, origin, into);
	}
}

test('JSON-LD of every page kind: schema.org types, Google rich-result rules, canonical URLs', async ({
	request,
	baseURL,
}) => {
	test.setTimeout(180_000);
	const origin = baseURL!;
	const blocks: Block[] = [];
	const problems: string[] = [];
	const urls = new Set<string>();
	for (const { kind, path, status = 200 } of await publicPageKinds(request)) {
		const response = await request.get(path);
		expect(response.status(), path).toBe(status);
		for (const data of blocksOf(await response.text())) {
			blocks.push({ source: `${kind} ${path}`, data });
			expect((data as Node)['@context'], path).toBe('https://schema.org');
			for (const node of topNodes(data))
				problems.push(...googleProblems(node, origin).map((x) => `${path}: ${x}`));
			ownUrls(data, origin, urls);
		}
	}
	expect(blocks.length).toBeGreaterThanOrEqual(25);
	expect(problems).toEqual([]);
	expect(schemaOrgErrors(blocks)).toEqual([]);
	const moved: string[] = [];
	for (const url of urls) {
		if (/\.(png|svg|jpe?g|webp)$/.test(url)) continue;
		const r = await request.get(url, { maxRedirects: 0 });
		if (r.status() !== 200) moved.push(`${url} → ${r.status()} ${r.headers().location ?? ''}`);
	}
	expect(moved, 'URLs in JSON-LD that are not canonical pages').toEqual([]);
});

test('FAQPage in every language, one Question per question on the page', async ({ page }) => {
	for (const locale of LOCALES) {
		await page.goto(`/${locale}/faq`);
		const blocks = (await page.locator('script[type="application/ld+json"]').allTextContents()).map(
			(t) => JSON.parse(t) as Node,
		);
		const faq = blocks.find((b) => b['@type'] === 'FAQPage');
		expect(faq, locale).toBeTruthy();
		const questions = (faq!.mainEntity as Node[]).map((q) => q.name);
		const headings = await page.locator('article.prose h2').allTextContents();
		expect(questions.length, locale).toBeGreaterThanOrEqual(10);
		// The page typesets quotes (smartypants); the data keeps the Markdown's plain ones.
		const plain = (s: unknown) =>
			String(s)
				.trim()
				.replace(/[‘’]/g, "'")
				.replace(/[“”„«»]/g, '"');
		expect(questions.map(plain), locale).toEqual(headings.map(plain));
	}
});

test('match: SportsEvent with location and season dates, breadcrumbs down to the match', async ({
	request,
}) => {
	const day = (await (await request.get('/api/v1/matches?date=2022-12-18')).json()) as {
		competitions: { matches: { id: number }[] }[];
	};
	const html = await (await request.get(`/en/match/${day.competitions[0]!.matches[0]!.id}`)).text();
	const nodes = blocksOf(html).flatMap(topNodes);
	const event = nodes.find((n) => n['@type'] === 'SportsEvent')!;
	expect(event.location).toMatchObject({ '@type': 'Place', name: 'Lusail Stadium' });
	expect(event.superEvent).toMatchObject({
		name: 'FIFA World Cup 2022',
		startDate: '2022-11-20',
		endDate: '2022-12-18',
	});
	const crumbs = nodes.find((n) => n['@type'] === 'BreadcrumbList')!;
	expect((crumbs.itemListElement as Node[]).map((i) => i.name)).toEqual([
		'Home',
		'Leagues',
		'FIFA World Cup 2022',
		'Argentina – France',
	]);
	for (const path of ['/en/league/premier-league', '/en/team/argentina']) {
		const types = blocksOf(await (await request.get(path)).text())
			.flatMap(topNodes)
			.map((n) => n['@type']);
		expect(types, path).toContain('BreadcrumbList');
	}
});
