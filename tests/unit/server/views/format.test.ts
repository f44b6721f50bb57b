import { describe, expect, it } from 'vitest';
import { formatDay, formatKickoff } from '~/server/views/format';
import { itemListLd } from '~/server/seo/jsonld/lists';
import { sportsEventLd as matchLd } from '~/server/seo/jsonld/football';

describe('kick-off formatting', () => {
	const kickoff = '2025-08-15T19:00:00.000Z'; // Liverpool v Bournemouth

	it('prints the time in the visitor zone', () => {
		expect(formatKickoff(kickoff, 'en', 'Europe/Berlin', 'time')).toBe('21:00');
		expect(formatKickoff(kickoff, 'en', 'UTC', 'time')).toBe('19:00');
		expect(formatKickoff(kickoff, 'en', 'America/New_York', 'time')).toBe('15:00');
	});

	it('moves the date with the zone', () => {
		expect(formatKickoff('2025-08-15T23:30:00Z', 'en', 'Asia/Tokyo', 'date')).toContain('16');
		expect(formatKickoff('2025-08-15T23:30:00Z', 'en', 'UTC', 'date')).toContain('15');
	});

	it('adds the year when asked, in the regional order (en-GB: day before month)', () => {
		const text = formatKickoff('2022-12-18T15:00:00Z', 'en', 'UTC', 'datetime', true);
		expect(text).toMatch(/^Sun,? 18 Dec 2022/);
		expect(formatKickoff('2022-12-18T15:00:00Z', 'en', 'UTC', 'time', true)).toBe('15:00');
	});

	it('names a day in the language', () => {
		expect(formatDay('2025-08-16', 'en')).toMatch(/^Saturday,? 16 August 2025$/);
		expect(formatDay('2025-08-16', 'de')).toContain('August');
		expect(formatDay('2025-08-16', 'fr')).toContain('août');
		expect(formatDay('2022-12-18', 'en', 'medium')).toBe('18 Dec 2022');
	});
});

describe('structured data', () => {
	it('describes a match as a SportsEvent with both teams', () => {
		const ld = matchLd(
			{
				id: 7,
				kickoffAt: new Date('2022-12-18T15:00:00Z'),
				status: 'finished_pen',
				kickoffTimeKnown: true,
				round: 'Final',
				home: { id: 1, name: 'Argentina', slug: 'argentina' },
				away: { id: 2, name: 'France', slug: 'france' },
				competition: {
					name: 'FIFA World Cup',
					slug: 'world-cup',
					type: 'tournament',
					areaName: 'World',
				},
				season: { id: 1, label: '2022' },
			} as never,
			'https://example.test',
			'en',
			{ name: 'Lusail Stadium', city: 'Lusail' },
		);
		expect(ld['@type']).toBe('SportsEvent');
		expect(ld.startDate).toBe('2022-12-18T15:00:00.000Z');
		expect(JSON.parse(JSON.stringify(ld)).homeTeam.name).toBe('Argentina');
		expect(ld.url).toBe('https://example.test/en/match/7');
		expect(JSON.parse(JSON.stringify(ld)).location.name).toBe('Lusail Stadium');
	});

	it('numbers list items from one', () => {
		const ld = itemListLd('x', [
			{ name: 'a', url: 'u1' },
			{ name: 'b', url: 'u2' },
		]);
		expect(ld.itemListElement.map((i) => i.position)).toEqual([1, 2]);
		expect(ld.numberOfItems).toBe(2);
	});
});
