/**
 * Staff roles are entries of the user's `scope` array (beside `user`), so the CMS needs no
 * table of its own for who may do what. Every rule the console and `/api/cms/*` enforce is
 * here; the browser only hides what these answer false for.
 */
export const STAFF_ROLES = ['admin', 'editor', 'scorer'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export type CmsAction =
	| 'console.open'
	| 'staff.manage'
	| 'people.manage'
	| 'audit.read'
	| 'match.score'
	| 'match.takeover'
	/** Correct the result of a match that is over, with a reason (audited). */
	| 'match.correct'
	| 'lineup.publish'
	| 'news.edit'
	| 'fixtures.edit'
	| 'streams.edit'
	| 'plans.edit';

const GRANTS: Record<StaffRole, ReadonlySet<CmsAction>> = {
	admin: new Set<CmsAction>([
		'console.open',
		'staff.manage',
		'people.manage',
		'audit.read',
		'match.score',
		'match.takeover',
		'match.correct',
		'lineup.publish',
		'news.edit',
		'fixtures.edit',
		'streams.edit',
		'plans.edit',
	]),
	editor: new Set<CmsAction>([
		'console.open',
		'match.correct',
		'lineup.publish',
		'news.edit',
		'fixtures.edit',
		'streams.edit',
	]),
	scorer: new Set<CmsAction>(['console.open', 'match.score', 'match.takeover']),
};

export function isStaffRole(value: string): value is StaffRole {
	return (STAFF_ROLES as readonly string[]).includes(value);
}

/** The staff roles in a scope, strongest first. */
export function staffRoles(scope: readonly string[]): StaffRole[] {
	return STAFF_ROLES.filter((role) => scope.includes(role));
}

/** True when the scope holds any staff role: such users may log into the console. */
export function isStaff(scope: readonly string[]): boolean {
	return staffRoles(scope).length > 0;
}

/**
 * The scope after giving someone exactly one staff role: other staff roles go, `user` and
 * any non-staff scope stay (a staff member keeps their fan account).
 */
export function withRole(scope: readonly string[], role: StaffRole | null): string[] {
	const kept = scope.filter((s) => !isStaffRole(s));
	if (!kept.includes('user')) kept.unshift('user');
	return role ? [...kept, role] : kept;
}

export interface MatchContext {
	matchId: number;
	/** The matches this user is assigned to score; empty means every match. */
	assigned: readonly number[];
}

/**
 * May a user with this scope do this? `match.score` and `match.takeover` also need the
 * match: a scorer with assignments may score only those, one without may score any; an
 * admin may score any match whatever the assignments.
 */
export function can(scope: readonly string[], action: CmsAction, match?: MatchContext): boolean {
	const roles = staffRoles(scope);
	if (!roles.some((role) => GRANTS[role].has(action))) return false;
	if (action !== 'match.score' && action !== 'match.takeover') return true;
	if (roles.includes('admin')) return true;
	if (!match) return false;
	return match.assigned.length === 0 || match.assigned.includes(match.matchId);
}
