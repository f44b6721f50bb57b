import { describe, expect, it } from 'vitest';
import {
	disableBody,
	grantBody,
	grantEnd,
	grantEndProblem,
	parseUserId,
	peopleQuery,
} from '~/server/cms/people';

describe('People validators', () => {
	it('the search query: trimmed, lower-cased, capped; page a small whole number', () => {
		expect(peopleQuery.parse({ q: '  Fan@Club ', page: '2' })).toEqual({ q: 'fan@club', page: 2 });
		expect(peopleQuery.parse({})).toEqual({ q: '', page: 0 });
		expect(peopleQuery.safeParse({ page: '-1' }).success).toBe(false);
		expect(peopleQuery.safeParse({ page: '1.5' }).success).toBe(false);
		expect(peopleQuery.safeParse({ q: 'x'.repeat(321) }).success).toBe(false);
		expect(peopleQuery.safeParse({ q: 'a\u0000b' }).success).toBe(false);
	});

	it('user ids are UUIDs', () => {
		expect(parseUserId('0b7c8f5e-3d2a-4e5b-9c1d-2f3a4b5c6d7e')).toBe(
			'0b7c8f5e-3d2a-4e5b-9c1d-2f3a4b5c6d7e',
		);
		for (const bad of ['12', '', null, undefined, "' OR 1=1 --", '0b7c8f5e-3d2a-4e5b-9c1d'])
			expect(parseUserId(bad)).toBeNull();
	});

	it('a grant names a plan id and a real calendar day', () => {
		expect(grantBody.safeParse({ planId: 'premium-monthly', until: '2027-01-31' }).success).toBe(
			true,
		);
		expect(grantBody.safeParse({ planId: 'Premium Monthly', until: '2027-01-31' }).success).toBe(
			false,
		);
		expect(grantBody.safeParse({ planId: 'premium-monthly', until: '31/01/2027' }).success).toBe(
			false,
		);
		expect(grantBody.safeParse({ planId: 'premium-monthly', until: '2027-13-01' }).success).toBe(
			false,
		);
		expect(grantBody.safeParse({ planId: 'premium-monthly' }).success).toBe(false);
		expect(disableBody.safeParse({ disabled: 'yes' }).success).toBe(false);
		expect(disableBody.safeParse({ disabled: true }).success).toBe(true);
	});

	it('a grant runs to the end of its last day (UTC), in the future and within five years', () => {
		expect(grantEnd('2027-01-31').toISOString()).toBe('2027-02-01T00:00:00.000Z');
		const at = Date.parse('2027-01-15T12:00:00Z');
		expect(grantEndProblem(grantEnd('2027-01-15'), at)).toBeNull();
		expect(grantEndProblem(grantEnd('2027-01-14'), at)).toMatch(/future/);
		expect(grantEndProblem(grantEnd('2031-12-31'), at)).toBeNull();
		expect(grantEndProblem(grantEnd('2033-01-01'), at)).toMatch(/five years/);
	});
});
