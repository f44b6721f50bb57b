import { describe, expect, it } from 'vitest';
import type { MatchSummary } from '../../../../../src/server/football/queries/shape';
import {
	addDays,
	dateStrip,
	h2hSlug,
	isIsoDate,
	nearestDate,
	outcomeFor,
	paginate,
	parsePageKey,
	shownScore,
	splitH2HSlug,
} from '../../../../../src/server/football/pages/view';

describe('page keys', () => {
	it('reads a real calendar date, a slug, or nothing usable', () => {
		expect(parsePageKey('2025-08-16')).toEqual({ kind: 'date', date: '2025-08-16' });
		expect(parsePageKey('premier-league')).toEqual({ kind: 'slug', slug: 'premier-league' });
		expect(parsePageKey('2025-02-30')).toEqual({ kind: 'slug', slug: '2025-02-30' });
		expect(parsePageKey('Not A Key!')).toEqual({ kind: 'invalid' });
		expect(parsePageKey('')).toEqual({ kind: 'invalid' });
		expect(parsePageKey(undefined)).toEqual({ kind: 'invalid' });
	});

	it('rejects impossible dates', () => {
		expect(isIsoDate('2024-02-29')).toBe(true);
		expect(isIsoDate('2025-02-29')).toBe(false);
		expect(isIsoDate('2025-13-01')).toBe(false);
		expect(isIsoDate('25-01-01')).toBe(false);
	});
});

describe('dates', () => {
	it('adds days across months and years', () => {
		expect(addDays('2025-12-30', 3)).toBe('2026-01-02');
		expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
	});

	it('builds a seven-day strip centred on the day', () => {
		expect(dateStrip('2025-08-16')).toEqual([
			'2025-08-13',
			'2025-08-14',
			'2025-08-15',
			'2025-08-16',
			'2025-08-17',
			'2025-08-18',
			'2025-08-19',
		]);
	});

	it('offers the nearer day with matches, the later one on a tie', () => {
		expect(nearestDate('2026-11-22', '2026-07-19', null)).toBe('2026-07-19');
		expect(nearestDate('2025-06-10', '2025-06-01', '2025-06-12')).toBe('2025-06-12');
		expect(nearestDate('2025-06-10', '2025-06-09', '2025-06-12')).toBe('2025-06-09');
		expect(nearestDate('2025-06-10', '2025-06-08', '2025-06-12')).toBe('2025-06-12');
		expect(nearestDate('2025-06-10', null, null)).toBeNull();
	});

	it('clamps pages', () => {
		expect(paginate(0, 40, 1)).toEqual({ page: 1, pages: 1 });
		expect(paginate(81, 40, 9)).toEqual({ page: 3, pages: 3 });
		expect(paginate(81, 40, 0)).toEqual({ page: 1, pages: 3 });
	});
});

describe('head-to-head slugs', () => {
	it('tries every "-vs-" split and round-trips', () => {
		expect(splitH2HSlug('liverpool-fc-vs-arsenal-fc')).toEqual([['liverpool-fc', 'arsenal-fc']]);
		expect(splitH2HSlug('a-vs-b-vs-c')).toEqual([
			['a', 'b-vs-c'],
			['a-vs-b', 'c'],
		]);
		expect(splitH2HSlug('x-vs-x')).toEqual([]);
		expect(splitH2HSlug('no-separator')).toEqual([]);
		expect(splitH2HSlug('Bad Slug-vs-x')).toEqual([]);
		expect(splitH2HSlug(h2hSlug('argentina', 'france'))).toEqual([['argentina', 'france']]);
	});
});

function match(partial: Partial<MatchSummary>): MatchSummary {
	return {
		id: 1,
		kickoffAt: new Date('2022-12-18T15:00:00Z'),
		kickoffTimeKnown: true,
		status: 'finished',
		minute: null,
		competition: { id: 1, code: 'world.cup', slug: 'world-cup', name: 'FIFA World Cup', type: 'tournament', areaName: 'World' },
		season: { id: 1, label: '2022' },
		round: 'Final',
		stage: 'knockout',
		groupName: null,
		matchday: null,
		home: { id: 10, name: 'Argentina', shortName: 'Argentina', slug: 'argentina', tla: 'ARG', isNational: true, colours: { primary: '#75aadb', secondary: '#ffffff' } },
		away: { id: 20, name: 'France', shortName: 'France', slug: 'france', tla: 'FRA', isNational: true, colours: { primary: '#002395', secondary: '#ffffff' } },
		score: { ht: [2, 0], ft: [2, 2], et: [3, 3], pen: [4, 2] },
		winner: 'home',
		version: 1,
		updatedAt: new Date(),
		isReplay: false,
		...partial,
	};
}

describe('scores and outcomes', () => {
	it('shows the extra-time score and the shoot-out of a final decided on penalties', () => {
		expect(shownScore(match({ status: 'finished_pen' }))).toEqual({ home: 3, away: 3, decided: 'pen', pen: [4, 2] });
	});

	it('shows no score before kick-off or for an unknown result', () => {
		expect(shownScore(match({ status: 'scheduled', score: { ht: null, ft: null, et: null, pen: null } }))).toBeNull();
		expect(shownScore(match({ status: 'result_unknown', score: { ht: null, ft: null, et: null, pen: null } }))).toBeNull();
	});

	it('shows a live score', () => {
		const live = match({ status: 'live', score: { ht: null, ft: [1, 0], et: null, pen: null } });
		expect(shownScore(live)).toEqual({ home: 1, away: 0, decided: 'ft', pen: null });
	});

	it('gives each side its outcome', () => {
		const m = match({ status: 'finished_pen' });
		expect(outcomeFor(m, 10)).toBe('W');
		expect(outcomeFor(m, 20)).toBe('L');
		expect(outcomeFor(m, 99)).toBeNull();
		const draw = match({ status: 'finished', score: { ht: null, ft: [1, 1], et: null, pen: null }, winner: 'draw' });
		expect(outcomeFor(draw, 20)).toBe('D');
		expect(outcomeFor(match({ status: 'scheduled', winner: null }), 10)).toBeNull();
	});
});
