import { describe, expect, it } from 'vitest';
import { absoluteUrl, calendarPath, leaguePath, matchPath, teamPath, webcalUrl } from '~/lib/urls';

describe('the link functions', () => {
	it('build canonical, unprefixed paths', () => {
		expect(leaguePath({ slug: 'premier-league' })).toBe('/league/premier-league');
		expect(leaguePath({ slug: 'world-cup' }, '2022')).toBe('/league/world-cup?season=2022');
		expect(teamPath({ slug: 'argentina' })).toBe('/team/argentina');
		expect(matchPath({ id: 42 })).toBe('/match/42');
	});

	it('absolute URLs carry origin and locale', () => {
		expect(absoluteUrl('https://example.org', 'de', teamPath({ slug: 'argentina' }))).toBe(
			'https://example.org/de/team/argentina',
		);
		expect(absoluteUrl('https://example.org', 'fr')).toBe('https://example.org/fr');
	});

	it('calendar feeds: locale and season in the query; webcal: for subscriptions', () => {
		expect(calendarPath('team', 7)).toBe('/api/calendar/team/7.ics');
		expect(calendarPath('competition', 10, { locale: 'de', season: '2022' })).toBe(
			'/api/calendar/competition/10.ics?locale=de&season=2022',
		);
		expect(webcalUrl('https://example.org/api/calendar/team/7.ics')).toBe(
			'webcal://example.org/api/calendar/team/7.ics',
		);
		expect(webcalUrl('http://127.0.0.1:4321/x.ics')).toBe('webcal://127.0.0.1:4321/x.ics');
	});
});
