import { describe, expect, it } from 'vitest';
import { heldBy, isReviewable, REVIEWABLE_TYPES } from '~/lib/cms/hold';
import { reviewBody } from '~/server/cms/review';
import { eventBody, REVIEWABLE } from '~/server/cms/scoring';
import { alertKindOf } from '~/server/push/alerts';

const fields = (r: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }) =>
	r.error?.issues.map((i) => i.path.join('.')) ?? [];

describe('review validators', () => {
	it('a goal, own goal, penalty goal, red card or VAR check may be under review', () => {
		for (const type of ['goal', 'own_goal', 'penalty_goal', 'red'])
			expect(eventBody.safeParse({ type, side: 'home', minute: 10, review: true }).success).toBe(
				true,
			);
		expect(eventBody.safeParse({ type: 'var', minute: 10, review: true }).success).toBe(true);
	});

	it('anything else under review is refused, naming `review`', () => {
		for (const type of ['yellow', 'substitution', 'kickoff', 'penalties']) {
			const r = eventBody.safeParse({ type, side: 'home', minute: 10, review: true });
			expect(r.success).toBe(false);
			expect(fields(r)).toContain('review');
		}
		expect(
			eventBody.safeParse({ type: 'goal', side: 'home', minute: 1, review: 'yes' }).success,
		).toBe(false);
	});

	it('a decision is confirm or cancel, nothing else, no stray fields', () => {
		expect(reviewBody.safeParse({ decision: 'confirm', version: 3 }).success).toBe(true);
		expect(reviewBody.safeParse({ decision: 'cancel' }).success).toBe(true);
		expect(fields(reviewBody.safeParse({ decision: 'overturn' }))).toContain('decision');
		expect(fields(reviewBody.safeParse({}))).toContain('decision');
		expect(reviewBody.safeParse({ decision: 'confirm', score: 3 }).success).toBe(false);
	});

	it('the browser and the server agree on what may be reviewed', () => {
		expect([...REVIEWABLE].sort()).toEqual([...REVIEWABLE_TYPES].sort());
		expect(isReviewable('goal')).toBe(true);
		expect(isReviewable('yellow')).toBe(false);
	});
});

describe('heldBy (the console reads the hold from its timeline)', () => {
	it('is the newest entry under review, or null', () => {
		expect(heldBy([])).toBeNull();
		expect(heldBy([{ id: 1, type: 'goal' }])).toBeNull();
		expect(
			heldBy([
				{ id: 1, type: 'goal', review: true },
				{ id: 2, type: 'yellow' },
			]),
		).toMatchObject({ id: 1 });
		// A truthy value that is not `true` is no review (the schema only stores `true`).
		expect(heldBy([{ id: 3, type: 'goal', review: 'true' }])).toBeNull();
	});
});

describe('alerts around a review', () => {
	it('a goal or red under review alerts nobody; a confirming correction alerts; a plain one does not', () => {
		const goal = { type: 'goal', side: 'home' };
		expect(alertKindOf('event', { entry: { ...goal, review: true } })).toBeNull();
		expect(alertKindOf('event', { entry: { type: 'red', review: true } })).toBeNull();
		expect(alertKindOf('correction', { cancels: 4, entry: goal, confirmed: true })).toBe('goal');
		expect(alertKindOf('correction', { cancels: 4, entry: goal })).toBeNull();
		expect(alertKindOf('event', { entry: goal })).toBe('goal');
	});
});
