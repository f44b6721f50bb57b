import { describe, expect, it } from 'vitest';
import { deprecatedTarget, MOVED } from '~/server/football/deprecated';

describe('deprecated addresses', () => {
	it('moves known old pages to their current address', () => {
		expect(deprecatedTarget('live')).toEqual({ kind: 'moved', path: '/live-matches' });
		expect(deprecatedTarget('schedule')).toEqual({ kind: 'moved', path: '/fixtures-results' });
		expect(deprecatedTarget('LIVE')).toEqual({ kind: 'moved', path: '/live-matches' });
	});

	it('treats other slugs as competition slugs, with old spellings renamed', () => {
		expect(deprecatedTarget('premier-league')).toEqual({
			kind: 'competition',
			slug: 'premier-league',
		});
		expect(deprecatedTarget('epl')).toEqual({ kind: 'competition', slug: 'premier-league' });
	});

	it('is gone for anything unusable', () => {
		expect(deprecatedTarget(undefined)).toEqual({ kind: 'gone' });
		expect(deprecatedTarget('a b')).toEqual({ kind: 'gone' });
		expect(deprecatedTarget('x'.repeat(80))).toEqual({ kind: 'gone' });
	});

	it('only moves to local paths', () => {
		for (const path of Object.values(MOVED)) expect(path).toMatch(/^\/(?!\/)/);
	});
});
