import { describe, expect, it } from 'vitest';
import { can, isStaff, staffRoles, withRole } from '~/lib/cms/roles';

const ADMIN = ['user', 'admin'];
const EDITOR = ['user', 'editor'];
const SCORER = ['user', 'scorer'];
const FAN = ['user'];

describe('staff roles', () => {
	it('only admin, editor and scorer are staff; a fan is not', () => {
		expect(isStaff(ADMIN)).toBe(true);
		expect(isStaff(EDITOR)).toBe(true);
		expect(isStaff(SCORER)).toBe(true);
		expect(isStaff(FAN)).toBe(false);
		expect(isStaff([])).toBe(false);
		expect(isStaff(['Admin', 'root', 'staff'])).toBe(false);
	});

	it('lists the staff roles of a scope, strongest first', () => {
		expect(staffRoles(['scorer', 'user', 'admin'])).toEqual(['admin', 'scorer']);
	});

	it('withRole gives exactly one staff role and keeps the fan account', () => {
		expect(withRole(['user', 'admin'], 'scorer')).toEqual(['user', 'scorer']);
		expect(withRole([], 'editor')).toEqual(['user', 'editor']);
		expect(withRole(['user', 'editor', 'beta'], null)).toEqual(['user', 'beta']);
	});
});

describe('role rules', () => {
	it('every staff role may open the console; a fan may not', () => {
		expect(can(ADMIN, 'console.open')).toBe(true);
		expect(can(EDITOR, 'console.open')).toBe(true);
		expect(can(SCORER, 'console.open')).toBe(true);
		expect(can(FAN, 'console.open')).toBe(false);
	});

	it('only admins manage staff, people, plans and read the audit log', () => {
		for (const action of ['staff.manage', 'people.manage', 'plans.edit', 'audit.read'] as const) {
			expect(can(ADMIN, action)).toBe(true);
			expect(can(EDITOR, action)).toBe(false);
			expect(can(SCORER, action)).toBe(false);
			expect(can(FAN, action)).toBe(false);
		}
	});

	it('editors and admins edit news, streams, line-ups and fixtures; scorers do not', () => {
		for (const action of [
			'news.edit',
			'streams.edit',
			'lineup.publish',
			'fixtures.edit',
		] as const) {
			expect(can(ADMIN, action)).toBe(true);
			expect(can(EDITOR, action)).toBe(true);
			expect(can(SCORER, action)).toBe(false);
			expect(can(FAN, action)).toBe(false);
		}
	});

	it('a scorer without assignments may score any match', () => {
		expect(can(SCORER, 'match.score', { matchId: 7, assigned: [] })).toBe(true);
		expect(can(SCORER, 'match.takeover', { matchId: 7, assigned: [] })).toBe(true);
	});

	it('a scorer with assignments may score only those matches', () => {
		expect(can(SCORER, 'match.score', { matchId: 7, assigned: [7, 9] })).toBe(true);
		expect(can(SCORER, 'match.score', { matchId: 8, assigned: [7, 9] })).toBe(false);
		expect(can(SCORER, 'match.takeover', { matchId: 8, assigned: [7, 9] })).toBe(false);
	});

	it('a match rule without its match is refused for a scorer', () => {
		expect(can(SCORER, 'match.score')).toBe(false);
	});

	it('an admin may score any match, assignments or not; an editor may not score', () => {
		expect(can(ADMIN, 'match.score', { matchId: 8, assigned: [7] })).toBe(true);
		expect(can(EDITOR, 'match.score', { matchId: 8, assigned: [] })).toBe(false);
		expect(can(FAN, 'match.score', { matchId: 8, assigned: [] })).toBe(false);
	});
});
