import { randomUUID } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Locale } from '~/i18n/locales';
import { now } from '../clock';
import { type Database, getDb } from '../db/client';
import { sessions, users } from '../db/schema/auth';
import { normaliseEmail } from '../auth/email';
import { siteLink } from '../auth/links';
import { hashPassword, passwordProblem, type PasswordProblem } from '../auth/passwords';
import { createResetToken } from '../auth/reset-token';
import { announceUserRevoked } from '../auth/sessions';
import { announceMailQueued, enqueueMail } from '../mail/outbox';
import { writeAudit } from './audit';
import { isStaff, type StaffRole, staffRoles, withRole } from '~/lib/cms/roles';

/** Who made a staff change: a console user, or the command line (no account). */
export type StaffActor = { id: string | null; email: string };
export const CLI_ACTOR: StaffActor = { id: null, email: 'cli' };

export interface StaffMember {
	id: string;
	email: string;
	name: string;
	roles: StaffRole[];
	/** False until the one-use link has been used to set a password. */
	hasPassword: boolean;
	disabled: boolean;
}

export type AddStaffResult =
	| { ok: true; member: StaffMember; created: boolean; setPasswordLink: string | null }
	| { ok: false; error: PasswordProblem };

const toMember = (row: typeof users.$inferSelect): StaffMember => ({
	id: row.id,
	email: row.email,
	name: row.name,
	roles: staffRoles(row.scope),
	hasPassword: row.passwordHash !== null,
	disabled: row.disabledAt !== null,
});

/**
 * Gives an address exactly one staff role, creating the account when it does not exist.
 * With a password it can log in at once; without one it gets a one-use link to set it
 * (as the ADMIN_EMAIL account does), so no password ever travels in a command line.
 * Audited in the same transaction.
 */
export async function addStaff(input: {
	email: string;
	role: StaffRole;
	name?: string | undefined;
	password?: string | undefined;
	locale?: Locale;
	actor?: StaffActor;
	/**
	 * Mail the set-password link (queued in this transaction, issue 28/6) instead of
	 * returning it: the console. The command line prints it.
	 */
	mailLink?: boolean;
}): Promise<AddStaffResult> {
	if (input.password !== undefined) {
		const problem = passwordProblem(input.password);
		if (problem) return { ok: false, error: problem };
	}
	const email = normaliseEmail(input.email);
	const hash = input.password !== undefined ? await hashPassword(input.password) : undefined;
	const db = await getDb();
	const at = new Date(now());
	const result = await db.transaction(async (tx) => {
		const [existing] = await tx.select().from(users).where(eq(users.email, email)).for('update');
		let row: typeof users.$inferSelect;
		if (existing) {
			const [updated] = await tx
				.update(users)
				.set({
					scope: withRole(existing.scope, input.role),
					...(hash ? { passwordHash: hash } : {}),
					updatedAt: at,
				})
				.where(eq(users.id, existing.id))
				.returning();
			row = updated ?? existing;
		} else {
			const [inserted] = await tx
				.insert(users)
				.values({
					id: randomUUID(),
					email,
					name: input.name ?? email.split('@')[0] ?? email,
					passwordHash: hash ?? null,
					scope: withRole(['user'], input.role),
					createdAt: at,
					updatedAt: at,
				})
				.returning();
			if (!inserted) throw new Error('users insert returned no row');
			row = inserted;
		}
		await writeAudit(tx, {
			actor: input.actor ?? CLI_ACTOR,
			action: 'staff.add',
			target: `user:${email}`,
			before: existing ? { roles: staffRoles(existing.scope) } : null,
			after: { roles: staffRoles(row.scope) },
		});
		if (input.mailLink && row.passwordHash === null)
			await enqueueMail(tx as unknown as Database, 'set-password', {
				userId: row.id,
				locale: input.locale ?? 'en',
			});
		return { row, created: !existing };
	});
	if (input.mailLink) announceMailQueued();
	// Every process forgets what it knew of this person's sessions (roles changed).
	await announceUserRevoked(result.row.id);
	const setPasswordLink =
		result.row.passwordHash === null && !input.mailLink
			? siteLink(input.locale ?? 'en', '/auth/reset-password', {
					token: await createResetToken(result.row.id),
				})
			: null;
	return { ok: true, member: toMember(result.row), created: result.created, setPasswordLink };
}

/** Every account holding a staff role, by address. */
export async function listStaff(): Promise<StaffMember[]> {
	const db = await getDb();
	const rows = await db
		.select()
		.from(users)
		.where(sql`${users.scope} && ARRAY['admin','editor','scorer']::text[]`)
		.orderBy(users.email);
	return rows.filter((r) => isStaff(r.scope)).map(toMember);
}

/**
 * Takes every staff role away (the fan account stays) and ends the address's console
 * sessions at once. False when the address holds no staff role.
 */
export async function removeStaff(emailInput: string, actor: StaffActor = CLI_ACTOR) {
	const email = normaliseEmail(emailInput);
	const db = await getDb();
	const done = await db.transaction(async (tx) => {
		const [row] = await tx.select().from(users).where(eq(users.email, email)).for('update');
		if (!row || !isStaff(row.scope)) return null;
		await tx
			.update(users)
			.set({ scope: withRole(row.scope, null), updatedAt: new Date(now()) })
			.where(eq(users.id, row.id));
		await tx
			.update(sessions)
			.set({ revokedAt: new Date(now()) })
			.where(
				and(eq(sessions.userId, row.id), eq(sessions.kind, 'cms'), isNull(sessions.revokedAt)),
			);
		await writeAudit(tx, {
			actor,
			action: 'staff.remove',
			target: `user:${email}`,
			before: { roles: staffRoles(row.scope) },
			after: { roles: [] },
		});
		return row.id;
	});
	if (done) await announceUserRevoked(done);
	return done !== null;
}
