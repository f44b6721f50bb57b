import sax from 'sax';
import { describe, expect, it } from 'vitest';
import { crestInitials, crestSvg, crestUrl, type CrestTeam } from '~/server/football/crest';
import { FLAGS, flagBody } from '~/server/football/flags';
import { nationalTeamCodes } from '~/server/football/import';

const club: CrestTeam = {
	id: 7,
	name: 'Manchester City FC',
	shortName: 'Manchester City',
	tla: 'MCI',
	isNational: false,
	countryCode: 'ENG',
	colours: { primary: '#6cabdd', secondary: '#ffffff' },
};

/** Parses as strict XML (throws on any well-formedness error); element names and viewBoxes. */
function parseXml(xml: string): { elements: string[]; viewBoxes: string[] } {
	const parser = sax.parser(true);
	const out = { elements: [] as string[], viewBoxes: [] as string[] };
	parser.onerror = (error) => {
		throw error;
	};
	parser.onopentag = (node) => {
		out.elements.push(node.name);
		const box = node.attributes.viewBox;
		if (typeof box === 'string') out.viewBoxes.push(box);
	};
	parser.write(xml).close();
	return out;
}

const nation = (code: string, name: string): CrestTeam => ({
	...club,
	name,
	shortName: name,
	tla: code,
	isNational: true,
	countryCode: code,
});

describe('crests', () => {
	it('draws a club shield with initials and colours, deterministically', () => {
		const svg = crestSvg(club);
		expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
		expect(svg).toContain('>MC</text>');
		expect(svg).toContain('#6cabdd');
		expect(crestSvg(club)).toBe(svg);
		expect(crestUrl(7)).toBe('/crest/7.svg');
	});

	it('draws the flag of a national team it knows, a roundel with its code otherwise', () => {
		const france = crestSvg(nation('FRA', 'France'));
		expect(france).toContain('#0055a4');
		expect(france).toContain('#ef4135');
		const unknown = crestSvg(nation('XYZ', 'Nowhere'));
		expect(unknown).toContain('<circle');
		expect(unknown).toContain('>XYZ</text>');
	});

	it('issue 12: Brazil, Jordan, Cape Verde and Algeria get their flag, not an initials disc', () => {
		for (const [code, name, colour] of [
			['BRA', 'Brazil', '#ffdf00'],
			['JOR', 'Jordan', '#007a3d'],
			['CPV', 'Cape Verde', '#003893'],
			['ALG', 'Algeria', '#006233'],
		] as const) {
			const svg = crestSvg(nation(code, name));
			expect(svg, code).toContain('viewBox="0 0 60 40"');
			expect(svg, code).not.toContain('<text');
			expect(svg, code).toContain(colour);
		}
	});

	it('has a flag for every national team in the shipped data', async () => {
		const codes = await nationalTeamCodes();
		// The data set has the World Cups 2022/2026 and two Euros: dozens of teams, all coded.
		expect(codes.length).toBeGreaterThan(50);
		for (const code of codes) expect(code).toMatch(/^[A-Z]{3}$/);
		expect(codes.filter((c) => !flagBody(c))).toEqual([]);
		const withoutFlag = codes.filter(
			(c) => !crestSvg(nation(c, c)).includes('viewBox="0 0 60 40"'),
		);
		expect(withoutFlag).toEqual([]);
	});

	it('draws every flag as well-formed SVG inside the one 60×40 viewBox', () => {
		// The check itself can fail: an unclosed element or a bare ampersand is rejected.
		expect(() => parseXml('<svg><rect></svg>')).toThrow();
		expect(() => parseXml('<svg aria-label="A&B"/>')).toThrow();
		for (const code of Object.keys(FLAGS)) {
			const svg = crestSvg(nation(code, `Team ${code}`));
			const { elements, viewBoxes } = parseXml(svg);
			expect(elements[0], code).toBe('svg');
			expect(new Set(viewBoxes), code).toEqual(new Set(['0 0 60 40']));
			// Nothing but drawing: no script, no external reference, no text.
			expect(svg, code).not.toMatch(/<script|<text|href=|<image/);
		}
	});

	it('draws club shields in two colours as well-formed SVG, two letters at small sizes', () => {
		const svg = crestSvg({
			...club,
			shortName: 'Galatasaray',
			colours: { primary: '#a90432', secondary: '#fdb912' },
		});
		expect(parseXml(svg).elements).toContain('path');
		expect(svg).toContain('#a90432');
		expect(svg).toContain('#fdb912');
		expect(svg).toContain('>GAL</text>');
		expect(svg).toContain('>GA</text>');
		expect(svg).toContain('<text class="l" display="none"');
		expect(svg).toContain('@media (min-width:32px){.l{display:inline}.s{display:none}}');
		// Light primary: dark initials (Manchester City's sky blue), dark primary: white ones.
		expect(crestSvg(club)).toMatch(/fill="#111111"[^>]*>MC</);
		expect(svg).toMatch(/fill="#ffffff"[^>]*>GAL</);
	});

	it('escapes names and ignores bad colours', () => {
		const svg = crestSvg({
			...club,
			name: '<script>x</script>',
			shortName: 'A&B',
			colours: { primary: 'red"/><script>', secondary: '#fff' },
		});
		expect(svg).not.toContain('<script>');
		expect(parseXml(svg).elements).not.toContain('script');
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
