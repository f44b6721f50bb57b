import { parseFeed } from '@rowanmanning/feed-parser';
import { describe, expect, it } from 'vitest';
import type { NewsPost, NewsSource } from '~/server/content/news';
import { newsFeed } from '~/server/seo/rss';

// The feed built from news sources (the Markdown posts are read by the built site's test,
// tests/e2e/feeds.spec.ts: content collections need the build's data store).

const ORIGIN = 'https://matchday.example';
const TEXT = { title: 'Matchday: News', description: 'News from the team.' };
const post = (slug: string, day: string, extra: Partial<NewsPost> = {}): NewsPost => ({
	slug,
	title: slug,
	description: `About ${slug} & more`,
	published: new Date(`${day}T09:00:00Z`),
	updated: new Date(`${day}T09:00:00Z`),
	...extra,
});

describe('RSS feed of the news', () => {
	it('merges every source newest first: the CMS adds a source and its articles appear', async () => {
		const markdown: NewsSource = async () => [
			post('older', '2026-11-02'),
			post('newer', '2026-11-18', { image: { src: '/news/newer.png', alt: 'A "quoted" <alt>' } }),
		];
		const cms: NewsSource = async () => [
			post('cms-article', '2030-01-01', { author: 'Ana Silva' }),
		];
		const response = await newsFeed('pt', ORIGIN, TEXT, [markdown, cms]);
		const feed = parseFeed(await response.text());
		expect(feed.self).toBe(`${ORIGIN}/pt/rss.xml`);
		expect(feed.url).toBe(`${ORIGIN}/pt`);
		expect(feed.items.map((i) => i.url)).toEqual([
			`${ORIGIN}/pt/news/cms-article`,
			`${ORIGIN}/pt/news/newer`,
			`${ORIGIN}/pt/news/older`,
		]);
		expect(feed.items[1]?.image?.url).toBe(`${ORIGIN}/news/newer.png`);
		expect(feed.items[2]?.image).toBeNull();
		expect(feed.items[0]?.authors.map((a) => a.name)).toEqual(['Ana Silva']);
	});
});
