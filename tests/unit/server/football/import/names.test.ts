import { describe, expect, it } from 'vitest';
import {
	aliasKey,
	initials,
	shortName,
	slugify,
	splitCountrySuffix,
	teamColours,
} from '~/server/football/names';
import { canonicalClubName } from '~/server/football/import/aliases';

describe('team names', () => {
	it('removes the Champions League country suffix', () => {
		expect(splitCountrySuffix('Real Madrid CF (ESP)')).toEqual({
			name: 'Real Madrid CF',
			country: 'ESP',
		});
		expect(splitCountrySuffix('Real Madrid CF')).toEqual({ name: 'Real Madrid CF' });
		expect(aliasKey('Real Madrid CF (ESP)')).toBe(aliasKey('Real Madrid CF'));
		expect(aliasKey('FC Bayern München')).toBe('fc bayern munchen');
	});
	it('maps spelling variants across seasons to one canonical club', () => {
		expect(canonicalClubName('PSV')).toBe('PSV Eindhoven');
		expect(canonicalClubName('SL Benfica')).toBe('Sport Lisboa e Benfica');
		expect(canonicalClubName('Liverpool FC')).toBe('Liverpool FC');
	});
	it('makes slugs, short names and initials', () => {
		expect(slugify('FC Bayern München')).toBe('fc-bayern-munchen');
		expect(slugify('Beşiktaş')).toBe('besiktas');
		expect(slugify("FC Twente '65")).toBe('fc-twente-65');
		expect(shortName('Manchester United FC')).toBe('Manchester United');
		expect(initials('Manchester United FC')).toBe('MU');
	});
	it('gives deterministic colours', () => {
		expect(teamColours('Some Town FC')).toEqual(teamColours('Some Town FC'));
		expect(teamColours('Some Town FC').primary).toMatch(/^#[0-9a-f]{6}$/);
		expect(teamColours('Liverpool FC').primary).toBe('#c8102e');
	});
});
