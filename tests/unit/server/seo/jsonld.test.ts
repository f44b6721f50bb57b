import { describe, expect, it } from 'vitest';
import { faqsFromMarkdown, markdownText, newsArticleLd } from '~/server/seo/jsonld/content';
import { matchLocation, sportsEventLd } from '~/server/seo/jsonld/football';
import { homeMatchItems } from '~/server/seo/jsonld/lists';

describe('FAQ questions from Markdown', () => {
	it('one question per ## heading, the answer as plain text (links keep their label)', () => {
		const faqs = faqsFromMarkdown(
			'Intro text.\n\n## Is it free?\n\nYes, for **most** of the site. See the [pricing page](/en/pricing).\n\nMore.\n\n## Do I need an account?\n\n- Not to follow scores.\n- Yes to watch.\n',
		);
		expect(faqs).toEqual([
			{ question: 'Is it free?', answer: 'Yes, for most of the site. See the pricing page. More.' },
			{ question: 'Do I need an account?', answer: 'Not to follow scores. Yes to watch.' },
		]);
		expect(markdownText('a `code` and _em_')).toBe('a code and em');
	});
});

describe('NewsArticle', () => {
	const post = {
		slug: 'hello',
		title: 'Hello',
		description: 'D',
		published: new Date('2026-11-02'),
		updated: new Date('2026-11-20'),
	};
	const ctx = { origin: 'https://example.org', locale: 'de' as const, siteName: 'Matchday' };
	it('always has an image and an author (the site when none is named)', () => {
		const ld = JSON.parse(JSON.stringify(newsArticleLd(post, ctx)));
		expect(ld.image).toEqual(['https://example.org/og-image.png']);
		expect(ld.author).toEqual([
			{ '@type': 'Organization', name: 'Matchday', url: 'https://example.org/de' },
		]);
		expect(ld.mainEntityOfPage).toBe('https://example.org/de/news/hello');
		const named = JSON.parse(
			JSON.stringify(
				newsArticleLd(
					{ ...post, author: 'Ana Silva', image: { src: '/news/x.png', alt: 'x' } },
					ctx,
				),
			),
		);
		expect(named.author).toEqual([{ '@type': 'Person', name: 'Ana Silva' }]);
		expect(named.image).toEqual(['https://example.org/news/x.png']);
	});
});

describe('SportsEvent', () => {
	const match = {
		id: 7,
		kickoffAt: new Date('2024-01-20T12:30:00Z'),
		kickoffTimeKnown: true,
		status: 'postponed',
		round: 'Matchday 21',
		home: { id: 1, name: 'Arsenal FC', slug: 'arsenal-fc' },
		away: { id: 2, name: 'Liverpool FC', slug: 'liverpool-fc' },
		competition: {
			id: 1,
			name: 'Premier League',
			slug: 'premier-league',
			type: 'league',
			areaName: 'England',
		},
		season: { id: 3, label: '2023-24' },
	} as never;
	it('superEvent carries the season dates and its canonical address; teams link by slug', () => {
		const ld = JSON.parse(
			JSON.stringify(
				sportsEventLd(match, 'https://x.test', 'en', null, {
					startDate: '2023-08-11',
					endDate: '2024-05-19',
					latest: false,
				}),
			),
		);
		expect(ld.superEvent).toEqual({
			'@type': 'SportsEvent',
			name: 'Premier League 2023-24',
			sport: 'Football',
			url: 'https://x.test/en/league/premier-league?season=2023-24',
			startDate: '2023-08-11',
			endDate: '2024-05-19',
		});
		expect(ld.homeTeam.url).toBe('https://x.test/en/team/arsenal-fc');
		expect(ld.eventStatus).toBe('https://schema.org/EventPostponed');
		expect(ld.location).toEqual({
			'@type': 'Place',
			name: 'England',
			address: { '@type': 'PostalAddress', addressCountry: 'England' },
		});
	});
	it('a venue when known; no invented place for an international match without one', () => {
		expect(
			matchLocation({ name: 'Euro', slug: 'euro', areaName: 'Europe', type: 'tournament' }, null),
		).toBeUndefined();
		expect(
			matchLocation(
				{ name: 'WC', slug: 'world-cup', areaName: 'World', type: 'tournament' },
				{ name: 'Lusail Stadium', city: 'Lusail' },
			),
		).toMatchObject({ name: 'Lusail Stadium' });
	});
});

describe('home ItemList', () => {
	it('lists the live matches shown when the day itself has none', () => {
		const items = homeMatchItems(
			{
				day: { groups: [] },
				live: [{ matchId: '12', home: { name: 'Italy' }, away: { name: 'Albania' } }],
			},
			'https://x.test',
			'en',
		);
		expect(items).toEqual([{ name: 'Italy – Albania', url: 'https://x.test/en/match/12' }]);
	});
});
