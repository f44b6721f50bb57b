import { randomBytes } from 'node:crypto';
import { and, asc, count, desc, eq, gt, ilike, isNull } from 'drizzle-orm';
import { z } from 'zod';
import { text } from '~/lib/input-schema';
import { announceUserRevoked } from '../auth/sessions';
import { publishAuthChange } from '../auth/vouches';
import { now } from '../clock';
import { getDb } from '../db/client';
import { sessions, users } from '../db/schema/auth';
import { payments, plans, subscriptions } from '../db/schema/payments';
import { entitlementsFor, syncUserPlan } from '../entitlements';
import { writeAudit } from './audit';
import type { Actor } from './guard';

/**
 * People: an admin finds a user by e-mail, reads their plan and payments, grants a
 * complimentary plan until a date, ends their sessions, or disables the account. Every
 * change writes its audit row in its own transaction; revocations reach every process
 * after COMMIT (announceUserRevoked / the plan tag).
 */

export const PAGE_SIZE = 20;
/** The provider name of plans given by the console: never billed, never renewed. */
export const COMPLIMENTARY = 'complimentary';
/** Plan kinds a complimentary grant may give (a match pass needs a match: not here). */
const GRANTABLE = ['subscription', 'sport_pass'] as const;
const MAX_GRANT_DAYS = 5 * 366;

/** `?q=` and `?page=` of the search (page and API alike). */
export const peopleQuery = z.object({
	q: text(320)
		.transform((s) => s.trim().toLowerCase())
		.default(''),
	page: z.coerce.number().int().min(0).max(10_000).default(0),
});

const uuid = z.uuid();

/** A user id from a path or form: a UUID, else null. */
export function parseUserId(raw: string | null | undefined): string | null {
	const parsed = uuid.safeParse(raw);
	return parsed.success ? parsed.data : null;
}

/** A complimentary grant: a plan id and the last day (YYYY-MM-DD, UTC) it runs until. */
export const grantBody = z.object({
	planId: z
		.string()
		.max(60)
		.regex(/^[a-z0-9-]+$/, 'must be a plan id'),
	until: z
		.string()
		.regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date as YYYY-MM-DD')
		.refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)), 'must be a real date'),
});

export const disableBody = z.object({ disabled: z.boolean() });

/** The end instant of a grant "until D": the end of day D in UTC. */
export function grantEnd(until: string): Date {
	return new Date(Date.parse(`${until}T00:00:00Z`) + 86_400_000);
}

/** Why a grant's end date is refused, or null: it must be in the future and within 5 years. */
export function grantEndProblem(end: Date, at: number): string | null {
	if (end.getTime() <= at) return 'must be a date in the future';
	if (end.getTime() > at + MAX_GRANT_DAYS * 86_400_000) return 'must be within five years';
	return null;
}

/** `LIKE` with the user's text taken literally (`%` and `_` are not wildcards here). */
function literalLike(q: string): string {
	return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export interface PersonRow {
	id: string;
	email: string;
	name: string;
	plan: string;
	disabled: boolean;
	staff: boolean;
}

/** Users whose e-mail contains `q` (all users when empty), by e-mail, a page at a time. */
export async function findPeople(
	q: string,
	page: number,
): Promise<{ people: PersonRow[]; hasMore: boolean }> {
	const db = await getDb();
	const rows = await db
		.select()
		.from(users)
		.where(q ? ilike(users.email, literalLike(q)) : undefined)
		.orderBy(asc(users.email))
		.limit(PAGE_SIZE + 1)
		.offset(page * PAGE_SIZE);
	return {
		hasMore: rows.length > PAGE_SIZE,
		people: rows.slice(0, PAGE_SIZE).map((u) => ({
			id: u.id,
			email: u.email,
			name: u.name,
			plan: u.plan,
			disabled: u.disabledAt !== null,
			staff: u.scope.some((s) => s !== 'user'),
		})),
	};
}

export interface PersonDetail extends PersonRow {
	createdAt: Date;
	disabledAt: Date | null;
	/** The plan that counts now (entitlements.ts), or null on the free plan. */
	current: { planId: string; until: Date | null; provider: string } | null;
	subscriptions: {
		id: number;
		planId: string;
		status: string;
		provider: string;
		until: Date | null;
		createdAt: Date;
	}[];
	payments: { id: number; planId: string; amount: number; currency: string; createdAt: Date }[];
	liveSessions: number;
}

export async function personDetail(userId: string): Promise<PersonDetail | null> {
	const db = await getDb();
	const [u] = await db.select().from(users).where(eq(users.id, userId));
	if (!u) return null;
	const [best] = await entitlementsFor(userId);
	const subs = await db
		.select()
		.from(subscriptions)
		.where(eq(subscriptions.userId, userId))
		.orderBy(desc(subscriptions.createdAt))
		.limit(50);
	const paid = await db
		.select({
			id: payments.id,
			planId: payments.planId,
			amount: payments.amount,
			currency: payments.currency,
			createdAt: payments.createdAt,
		})
		.from(payments)
		.where(eq(payments.userId, userId))
		.orderBy(desc(payments.createdAt))
		.limit(50);
	const [live] = await db
		.select({ n: count() })
		.from(sessions)
		.where(
			and(
				eq(sessions.userId, userId),
				isNull(sessions.revokedAt),
				gt(sessions.expiresAt, new Date(now())),
			),
		);
	return {
		id: u.id,
		email: u.email,
		name: u.name,
		plan: u.plan,
		disabled: u.disabledAt !== null,
		staff: u.scope.some((s) => s !== 'user'),
		createdAt: u.createdAt,
		disabledAt: u.disabledAt,
		current: best
			? { planId: best.planId, until: best.currentPeriodEnd, provider: best.provider }
			: null,
		subscriptions: subs.map((s) => ({
			id: s.id,
			planId: s.planId,
			status: s.status,
			provider: s.provider,
			until: s.currentPeriodEnd,
			createdAt: s.createdAt,
		})),
		payments: paid,
		liveSessions: live?.n ?? 0,
	};
}

/** The plans a complimentary grant may give. */
export async function grantablePlans(): Promise<string[]> {
	const db = await getDb();
	const rows = await db.select().from(plans).orderBy(asc(plans.position));
	return rows.filter((p) => (GRANTABLE as readonly string[]).includes(p.kind)).map((p) => p.id);
}

export type PeopleResult =
	| { ok: true; userId: string; email: string; subscriptionId?: number }
	| { ok: false; status: 400 | 404 | 409; error: string; message: string; fields?: string[] };

const notFound: PeopleResult = {
	ok: false,
	status: 404,
	error: 'not_found',
	message: 'No such user',
};

function badField(field: string, message: string): PeopleResult {
	return {
		ok: false,
		status: 400,
		error: 'invalid_request',
		message: `Invalid field "${field}": ${message}`,
		fields: [field],
	};
}

/**
 * Gives a user a plan until the end of `until` (UTC) as a subscription of the
 * `complimentary` provider: access reads it like a paid one (entitlements.ts), billing never
 * renews it, and it simply ends on its date.
 */
export async function grantComplimentary(
	actor: Actor,
	userId: string,
	input: z.infer<typeof grantBody>,
): Promise<PeopleResult> {
	const at = now();
	const end = grantEnd(input.until);
	const problem = grantEndProblem(end, at);
	if (problem) return badField('until', problem);
	if (!(await grantablePlans()).includes(input.planId))
		return badField('planId', 'must be a subscription or sport pass plan');
	const db = await getDb();
	const result = await db.transaction(async (tx) => {
		const [u] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
		if (!u) return notFound;
		const before = u.plan;
		const [row] = await tx
			.insert(subscriptions)
			.values({
				userId,
				planId: input.planId,
				status: 'active',
				currentPeriodEnd: end,
				cancelAtPeriodEnd: true,
				provider: COMPLIMENTARY,
				providerRef: `comp_${randomBytes(12).toString('base64url')}`,
				lastEventAt: new Date(at),
				createdAt: new Date(at),
				updatedAt: new Date(at),
			})
			.returning({ id: subscriptions.id });
		await syncUserPlan(tx as never, userId);
		const [after] = await tx.select({ plan: users.plan }).from(users).where(eq(users.id, userId));
		await writeAudit(tx, {
			actor,
			action: 'people.complimentary',
			target: `user:${u.email}`,
			before: { plan: before },
			after: {
				plan: after?.plan ?? before,
				granted: input.planId,
				until: end.toISOString(),
				subscriptionId: row?.id,
			},
		});
		return { ok: true as const, userId, email: u.email, subscriptionId: row?.id };
	});
	// Every process drops what it cached of this user's plan (billing.ts, the front cache).
	if (result.ok) await publishAuthChange({ t: 'plan', id: userId });
	return result;
}

/** Ends every session (site and console) of a user. */
export async function revokePersonSessions(actor: Actor, userId: string): Promise<PeopleResult> {
	const db = await getDb();
	const result = await db.transaction(async (tx) => {
		const [u] = await tx.select().from(users).where(eq(users.id, userId));
		if (!u) return notFound;
		const ended = await tx
			.update(sessions)
			.set({ revokedAt: new Date(now()) })
			.where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
			.returning({ id: sessions.id });
		await writeAudit(tx, {
			actor,
			action: 'people.sessions.revoke',
			target: `user:${u.email}`,
			after: { sessionsEnded: ended.length },
		});
		return { ok: true as const, userId, email: u.email };
	});
	if (result.ok) await announceUserRevoked(userId);
	return result;
}

/**
 * Disables (or enables again) an account. Disabling also ends every session and bumps the
 * token version, so no access token of theirs works after COMMIT; login refuses a disabled
 * account (auth/login.ts). An admin cannot disable themselves (409).
 */
export async function setPersonDisabled(
	actor: Actor,
	userId: string,
	disabled: boolean,
): Promise<PeopleResult> {
	if (disabled && userId === actor.id)
		return {
			ok: false,
			status: 409,
			error: 'conflict',
			message: 'You cannot disable your own account',
		};
	const db = await getDb();
	const at = new Date(now());
	const result = await db.transaction(async (tx) => {
		const [u] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
		if (!u) return notFound;
		const was = u.disabledAt !== null;
		if (was !== disabled) {
			await tx
				.update(users)
				.set(
					disabled
						? { disabledAt: at, tokenVersion: u.tokenVersion + 1, updatedAt: at }
						: { disabledAt: null, updatedAt: at },
				)
				.where(eq(users.id, userId));
			if (disabled)
				await tx
					.update(sessions)
					.set({ revokedAt: at })
					.where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
		}
		await writeAudit(tx, {
			actor,
			action: disabled ? 'people.disable' : 'people.enable',
			target: `user:${u.email}`,
			before: { disabled: was },
			after: { disabled },
		});
		return { ok: true as const, userId, email: u.email };
	});
	if (result.ok && disabled) await announceUserRevoked(userId);
	return result;
}
