import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { emailField } from '../auth/email';
import { json } from '../auth/http';
import { getDb } from '../db/client';
import { rowsOf } from '../db/rows';
import { writeAudit } from './audit';
import type { Actor } from './guard';

/**
 * Which scorers are assigned to a match (`cms_scorer_assignments`). A scorer with any
 * assignment may score only those matches (`can` in lib/cms/roles.ts); admins assign and
 * unassign (`staff.manage`), each change audited (`match.assign` / `match.unassign`, target
 * `match:<id>`) in the transaction that makes it.
 */
export interface AssignedScorer {
	userId: string;
	email: string;
}

export const assignBody = z.strictObject({ email: emailField });

type Failure =
	| { ok: false; status: 400; error: 'invalid_request'; message: string; fields: string[] }
	| { ok: false; status: 404; error: 'not_found'; message: string };
export type AssignResult = { ok: true; changed: boolean; scorer: AssignedScorer } | Failure;

const notFound = (message: string): Failure => ({
	ok: false,
	status: 404,
	error: 'not_found',
	message,
});

export async function assignedScorers(matchId: number): Promise<AssignedScorer[]> {
	const db = await getDb();
	return rowsOf<{ user_id: string; email: string }>(
		await db.execute(sql`SELECT a.user_id, u.email FROM cms_scorer_assignments a
			JOIN users u ON u.id = a.user_id WHERE a.match_id = ${matchId} ORDER BY u.email`),
	).map((r) => ({ userId: r.user_id, email: r.email }));
}

/** Staff holding the scorer role: who may be assigned (the page's choice list). */
export async function scorerAccounts(): Promise<AssignedScorer[]> {
	const db = await getDb();
	return rowsOf<{ id: string; email: string }>(
		await db.execute(sql`SELECT id, email FROM users WHERE 'scorer' = ANY(scope)
			AND NOT ('admin' = ANY(scope)) ORDER BY email LIMIT 500`),
	).map((r) => ({ userId: r.id, email: r.email }));
}

async function matchExists(matchId: number): Promise<boolean> {
	const db = await getDb();
	return rowsOf(await db.execute(sql`SELECT 1 FROM matches WHERE id = ${matchId}`)).length > 0;
}

/** Assigns the scorer with this address (201; 200 when already assigned). */
export async function assignScorer(
	actor: Actor,
	matchId: number,
	email: string,
): Promise<AssignResult> {
	if (!(await matchExists(matchId))) return notFound('No such match');
	const db = await getDb();
	const [user] = rowsOf<{ id: string; email: string; scope: string[] }>(
		await db.execute(sql`SELECT id, email, scope FROM users WHERE lower(email) = ${email}`),
	);
	if (!user?.scope.includes('scorer') || user.scope.includes('admin'))
		return {
			ok: false,
			status: 400,
			error: 'invalid_request',
			message: 'Invalid field "email": not a scorer',
			fields: ['email'],
		};
	const scorer = { userId: user.id, email: user.email };
	const changed = await db.transaction(async (tx) => {
		const inserted = rowsOf(
			await tx.execute(sql`INSERT INTO cms_scorer_assignments (user_id, match_id)
				VALUES (${user.id}, ${matchId}) ON CONFLICT DO NOTHING RETURNING user_id`),
		);
		if (inserted.length === 0) return false;
		await writeAudit(tx, {
			actor,
			action: 'match.assign',
			target: `match:${matchId}`,
			before: null,
			after: { scorer: user.email },
		});
		return true;
	});
	return { ok: true, changed, scorer };
}

/** Removes an assignment (404 when there is none). */
export async function unassignScorer(
	actor: Actor,
	matchId: number,
	userId: string,
): Promise<AssignResult> {
	const db = await getDb();
	const removed = await db.transaction(async (tx) => {
		const [row] = rowsOf<{ email: string }>(
			await tx.execute(sql`DELETE FROM cms_scorer_assignments a USING users u
				WHERE a.match_id = ${matchId} AND a.user_id = ${userId} AND u.id = a.user_id
				RETURNING u.email`),
		);
		if (!row) return null;
		await writeAudit(tx, {
			actor,
			action: 'match.unassign',
			target: `match:${matchId}`,
			before: { scorer: row.email },
			after: null,
		});
		return row.email;
	});
	if (!removed) return notFound('This scorer is not assigned to this match');
	return { ok: true, changed: true, scorer: { userId, email: removed } };
}

export function assignResponse(result: AssignResult, created = 201): Response {
	if (result.ok) return json(result.changed ? created : 200, { data: result.scorer });
	const { ok: _ok, status, ...body } = result;
	return json(status, body);
}

const uuid = z.uuid();

/** The page's plain form post: `intent=assign&email=…` or `intent=unassign&userId=…`. */
export async function assignmentFromConsole(
	form: FormData,
	actor: Actor,
	matchId: number,
): Promise<AssignResult & { intent?: 'assign' | 'unassign' }> {
	if (form.get('intent') === 'unassign') {
		const id = uuid.safeParse(form.get('userId'));
		if (!id.success) return notFound('This scorer is not assigned to this match');
		return { ...(await unassignScorer(actor, matchId, id.data)), intent: 'unassign' };
	}
	const parsed = assignBody.safeParse({ email: form.get('email') });
	if (!parsed.success)
		return {
			ok: false,
			status: 400,
			error: 'invalid_request',
			message: 'Invalid field "email"',
			fields: ['email'],
		};
	return { ...(await assignScorer(actor, matchId, parsed.data.email)), intent: 'assign' };
}
