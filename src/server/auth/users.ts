import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { config } from '../config';
import { type Database, getDb } from '../db/client';
import { users, type UserRow } from '../db/schema/auth';
import { now } from '../clock';
import { normaliseEmail } from './email';
import { planOf as entitlementPlanOf } from '../entitlements';

/** The user as the API and the pages see it: never the hash or internal counters. */
export interface PublicUser {
	id: string;
	email: string;
	name: string;
	scope: string[];
	plan: string;
}

/**
 * The user's plan. The `plan` column is kept in step by the payment webhooks, so a free
 * user costs no lookup; for a paid plan the entitlements are checked, because a plan can
 * run out by date without any webhook arriving.
 */
export async function planOf(user: UserRow): Promise<string> {
	if (user.plan === 'free') return 'free';
	return entitlementPlanOf(user.id);
}

export async function toPublicUser(user: UserRow): Promise<PublicUser> {
	return {
		id: user.id,
		email: user.email,
		name: user.name,
		scope: [...user.scope],
		plan: await planOf(user),
	};
}

export async function findUserByEmail(email: string): Promise<UserRow | undefined> {
	const db = await getDb();
	const [row] = await db
		.select()
		.from(users)
		.where(eq(users.email, normaliseEmail(email)));
	return row;
}

export async function findUserById(id: string): Promise<UserRow | undefined> {
	const db = await getDb();
	const [row] = await db.select().from(users).where(eq(users.id, id));
	return row;
}

/** True for the configured administrator address (ADMIN_EMAIL), compared normalised. */
export function isAdminEmail(email: string): boolean {
	const admin = config().ADMIN_EMAIL;
	return admin !== undefined && normaliseEmail(admin) === normaliseEmail(email);
}

/**
 * Inserts a user unless the address is taken (returns undefined then). Only these fields
 * are ever written from input; scope and plan come from the server alone.
 */
export async function insertUser(
	input: {
		email: string;
		name: string;
		passwordHash: string | null;
		scope: string[];
	},
	/** The caller's transaction, when the insert commits with other writes. */
	tx?: Database,
): Promise<UserRow | undefined> {
	const db = tx ?? (await getDb());
	const at = new Date(now());
	const rows = await db
		.insert(users)
		.values({
			id: randomUUID(),
			email: input.email,
			name: input.name,
			passwordHash: input.passwordHash,
			scope: input.scope,
			plan: 'free',
			createdAt: at,
			updatedAt: at,
		})
		.onConflictDoNothing({ target: users.email })
		.returning();
	return rows[0];
}
