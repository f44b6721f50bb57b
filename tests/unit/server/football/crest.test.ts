import { describe, expect, it } from 'vitest';
import { crestInitials, crestSvg, crestUrl, type CrestTeam } from '~/server/football/crest';

const club: CrestTeam = {
	id: 7,
	name: 'Manchester City FC',
	shortName: 'Manchester City',
	tla: 'MCI',
	isNational: false,
	countryCode: 'ENG',
	colours: { primary: '#6cabdd', secondary: '#ffffff' },
};

describe('crests', () => {
	it('draws a club shield with initials and colours, deterministically', () => {
		const svg = crestSvg(club);
		expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
		expect(svg).toContain('>MC</text>');
		expect(svg).toContain('#6cabdd');
		expect(crestSvg(club)).toBe(svg);
		expect(crestUrl(7)).toBe('/crest/7.svg');
	});

	it('draws the flag of a national team it knows, the initials badge otherwise', () => {
		const france = crestSvg({
			...club,
			name: 'France',
			shortName: 'France',
			tla: 'FRA',
			isNational: true,
		});
		expect(france).toContain('#0055a4');
		expect(france).toContain('#ef4135');
		const brazil = crestSvg({
			...club,
			name: 'Brazil',
			shortName: 'Brazil',
			tla: 'BRA',
			isNational: true,
		});
		expect(brazil).toContain('<circle');
		expect(brazil).toContain('>BRA</text>');
	});

	it('escapes names and ignores bad colours', () => {
		const svg = crestSvg({
			...club,
			name: '<script>x</script>',
			shortName: 'A&B',
			colours: { primary: 'red"/><script>', secondary: '#fff' },
		});
		expect(svg).not.toContain('<script>');
		expect(svg).toContain('&lt;script&gt;');
		expect(svg).toContain('#334155');
	});

	it('makes initials from short names', () => {
		expect(
			crestInitials({ name: 'x', shortName: 'Real Madrid', tla: null, isNational: false }),
		).toBe('RM');
		expect(
			crestInitials({ name: 'x', shortName: 'Galatasaray', tla: null, isNational: false }),
		).toBe('GAL');
		expect(
			crestInitials({
				name: 'x',
				shortName: 'Borussia Mönchengladbach',
				tla: null,
				isNational: false,
			}),
		).toBe('BM');
	});
});
