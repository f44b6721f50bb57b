import { describe, expect, it } from 'vitest';
import { liveListRows } from '~/lib/live/list-rows';

const m = (matchId: string, status: string) => ({ matchId, status });

describe('liveListRows', () => {
	it('lists what is live or at half time, and not what ended before', () => {
		const known = { a: m('a', 'live'), b: m('b', 'finished'), c: m('c', 'half_time') };
		expect(liveListRows(known, null, new Set()).map((r) => r.matchId)).toEqual(['a', 'c']);
	});

	it('keeps a row that was on screen when its match ends (it reads "FT" in place)', () => {
		const shown = new Set<string>();
		const known = { a: m('a', 'live'), b: m('b', 'live'), c: m('c', 'live') };
		expect(liveListRows(known, null, shown)).toHaveLength(3);
		const later = { ...known, a: m('a', 'finished'), d: m('d', 'live') };
		expect(liveListRows(later, null, shown).map((r) => `${r.matchId}:${r.status}`)).toEqual([
			'a:finished',
			'b:live',
			'c:live',
			'd:live',
		]);
	});

	it('puts a match that kicks off after the rows on screen, whatever its id', () => {
		const shown = new Set<string>();
		liveListRows({ '20': m('20', 'live'), '30': m('30', 'live') }, null, shown);
		const later = { '10': m('10', 'live'), '20': m('20', 'live'), '30': m('30', 'live') };
		expect(Object.keys(later)).toEqual(['10', '20', '30']); // what the store's order would give
		expect(liveListRows(later, null, shown).map((r) => r.matchId)).toEqual(['20', '30', '10']);
	});

	it('does not bring back a match that ended before the page listed it', () => {
		const shown = new Set<string>(['a']);
		const known = { a: m('a', 'live'), x: m('x', 'finished') };
		expect(liveListRows(known, null, shown).map((r) => r.matchId)).toEqual(['a']);
	});

	it("lists a page's own matches whatever their state", () => {
		const known = { a: m('a', 'scheduled'), b: m('b', 'finished') };
		expect(liveListRows(known, ['b', 'a', 'zz'], new Set()).map((r) => r.matchId)).toEqual([
			'b',
			'a',
		]);
	});
});
