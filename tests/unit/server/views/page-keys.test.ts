import { describe, expect, it } from 'vitest';
import {
	addDays,
	dateStrip,
	h2hSlug,
	isIsoDate,
	paginate,
	parsePageKey,
	splitH2HSlug,
} from '~/server/views/page-keys';

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
