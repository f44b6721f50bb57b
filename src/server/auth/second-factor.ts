import { and, eq, isNotNull, isNull, lt } from 'drizzle-orm';
import { getDb, type Database } from '../db/client';
import { cmsAudit, cmsRecoveryCodes, cmsTotp } from '../db/schema/cms';
import { now } from '../clock';
import { logSecurityEvent } from './events';
import { hitAll, limits, release } from './rate-limit';
import {
	codeKind,
	hashRecoveryCode,
	newRecoveryCodes,
	newTotpSecret,
	openSecret,
	qrDataUrl,
	sealSecret,
	totpUri,
	verifyTotp,
} from './totp';

/**
 * The staff's second factor in the database: enrolment, confirmation, recovery codes,
 * verification at login and switching it off. Wrong codes are rate-limited per user
 * and per client (limits.totpPerUser/totpPerClient), and enrolment, disabling and each use
 * of a recovery code write a `cms_audit` row in the change's transaction.
 */

export interface FactorUser {
	id: string;
	email: string;
}

export type FactorFailure =
	| { ok: false; error: 'invalid_code' | 'not_enrolled' }
	| { ok: false; error: 'rate_limited'; retryAfter: number };

export type TotpStatus = 'enrolled' | 'pending' | 'none';

/*
 * The audit log belongs to the console (cms/audit.ts), which imports auth; auth cannot
 * import it back without a cycle, so these rows are written here with the same shape.
 */
async function audit(
	tx: Pick<Database, 'insert'>,
	user: FactorUser,
	action: string,
	after: Record<string, unknown> | null = null,
	actor: FactorUser = user,
): Promise<void> {
	await tx.insert(cmsAudit).values({
		actorId: actor.id,
		actorEmail: actor.email,
		action,
		target: `user:${user.email}`,
		before: null,
		after,
	});
}

export async function totpStatus(userId: string): Promise<TotpStatus> {
	const db = await getDb();
	const [row] = await db
		.select({ confirmedAt: cmsTotp.confirmedAt })
		.from(cmsTotp)
		.where(eq(cmsTotp.userId, userId));
	if (!row) return 'none';
	return row.confirmedAt ? 'enrolled' : 'pending';
}

export interface Enrolment {
	/** Base32, shown as text beside the QR code for typing into an app. */
	secret: string;
	uri: string;
	/** The QR code as an SVG data URL. */
	qr: string;
}

/**
 * Starts (or shows again) an enrolment: an unconfirmed secret. Null when the user already
 * has a confirmed one: a confirmed secret is never shown again.
 */
export async function beginEnrolment(user: FactorUser): Promise<Enrolment | null> {
	const db = await getDb();
	const [row] = await db.select().from(cmsTotp).where(eq(cmsTotp.userId, user.id));
	if (row?.confirmedAt) return null;
	let secret = row ? openSecret(row.secretSealed) : null;
	if (!secret) {
		secret = newTotpSecret();
		await db
			.insert(cmsTotp)
			.values({ userId: user.id, secretSealed: sealSecret(secret), createdAt: new Date(now()) })
			.onConflictDoUpdate({
				target: cmsTotp.userId,
				set: { secretSealed: sealSecret(secret), lastStep: 0 },
				where: isNull(cmsTotp.confirmedAt),
			});
	}
	const uri = totpUri(secret, user.email);
	return { secret, uri, qr: await qrDataUrl(uri) };
}

/*
 * Only wrong codes count (issue 28/7): each check is counted while it runs and given back
 * when the code was right, so staff logging in all day from one office address never reach
 * the per-client limit, and parallel guesses cannot all pass before the first is known.
 */
function limited(userId: string, ip: string): FactorFailure | null {
	const decision = hitAll([
		[limits.totpPerUser, userId],
		[limits.totpPerClient, ip],
	]);
	if (decision.ok) return null;
	void logSecurityEvent('totp_rate_limited', { userId });
	return { ok: false, error: 'rate_limited', retryAfter: decision.retryAfter };
}

/** A right code: the user's wrong ones are forgiven and this check is given back. */
function passed(userId: string, ip: string): void {
	limits.totpPerUser.reset(userId);
	release([[limits.totpPerClient, ip]]);
}

/**
 * Confirms an enrolment with a code from the app: the secret becomes the user's, ten new
 * recovery codes replace any old ones, and the codes are returned to be shown once.
 */
export async function confirmEnrolment(
	user: FactorUser,
	code: string,
	ip: string,
): Promise<{ ok: true; recoveryCodes: string[] } | FactorFailure> {
	const refused = limited(user.id, ip);
	if (refused) return refused;
	const db = await getDb();
	const [row] = await db
		.select()
		.from(cmsTotp)
		.where(and(eq(cmsTotp.userId, user.id), isNull(cmsTotp.confirmedAt)));
	const secret = row ? openSecret(row.secretSealed) : null;
	if (!secret) return { ok: false, error: 'not_enrolled' };
	const at = now();
	const step = verifyTotp(secret, code.replace(/\s/g, ''), at, row?.lastStep ?? 0);
	if (step === null) return { ok: false, error: 'invalid_code' };
	const codes = newRecoveryCodes();
	const done = await db.transaction(async (tx) => {
		const updated = await tx
			.update(cmsTotp)
			.set({ confirmedAt: new Date(at), lastStep: step })
			.where(and(eq(cmsTotp.userId, user.id), isNull(cmsTotp.confirmedAt)))
			.returning({ userId: cmsTotp.userId });
		if (updated.length === 0) return false;
		await tx.delete(cmsRecoveryCodes).where(eq(cmsRecoveryCodes.userId, user.id));
		await tx
			.insert(cmsRecoveryCodes)
			.values(codes.map((c) => ({ userId: user.id, codeHash: hashRecoveryCode(c) })));
		await audit(tx, user, 'totp.enrol', { recoveryCodes: codes.length });
		return true;
	});
	if (!done) return { ok: false, error: 'invalid_code' };
	passed(user.id, ip);
	return { ok: true, recoveryCodes: codes };
}

/**
 * Checks a code for a user with a confirmed secret: six digits from the app (each step
 * accepted once: the stored `last_step` only moves forward, atomically, so two requests
 * with the same code cannot both pass) or an unused recovery code (spent in the same
 * transaction as its audit row).
 */
export async function verifySecondFactor(
	user: FactorUser,
	input: string,
	ip: string,
): Promise<{ ok: true; via: 'totp' | 'recovery' } | FactorFailure> {
	const refused = limited(user.id, ip);
	if (refused) return refused;
	const kind = codeKind(input);
	if (!kind) return { ok: false, error: 'invalid_code' };
	const db = await getDb();
	const [row] = await db
		.select()
		.from(cmsTotp)
		.where(and(eq(cmsTotp.userId, user.id), isNotNull(cmsTotp.confirmedAt)));
	if (!row) return { ok: false, error: 'not_enrolled' };
	if (kind === 'totp') {
		const secret = openSecret(row.secretSealed);
		const step = secret ? verifyTotp(secret, input.replace(/\s/g, ''), now(), row.lastStep) : null;
		if (step === null) return { ok: false, error: 'invalid_code' };
		const moved = await db
			.update(cmsTotp)
			.set({ lastStep: step })
			.where(and(eq(cmsTotp.userId, user.id), lt(cmsTotp.lastStep, step)))
			.returning({ userId: cmsTotp.userId });
		if (moved.length === 0) return { ok: false, error: 'invalid_code' };
		passed(user.id, ip);
		return { ok: true, via: 'totp' };
	}
	const hash = hashRecoveryCode(input);
	const spent = await db.transaction(async (tx) => {
		// Looked up by its SHA-256: timing can only tell about a hash, never about a code.
		const rows = await tx
			.update(cmsRecoveryCodes)
			.set({ usedAt: new Date(now()) })
			.where(
				and(
					eq(cmsRecoveryCodes.userId, user.id),
					eq(cmsRecoveryCodes.codeHash, hash),
					isNull(cmsRecoveryCodes.usedAt),
				),
			)
			.returning({ userId: cmsRecoveryCodes.userId });
		if (rows.length === 0) return false;
		const left = await tx
			.select({ h: cmsRecoveryCodes.codeHash })
			.from(cmsRecoveryCodes)
			.where(and(eq(cmsRecoveryCodes.userId, user.id), isNull(cmsRecoveryCodes.usedAt)));
		await audit(tx, user, 'totp.recovery_used', { left: left.length });
		return true;
	});
	if (!spent) return { ok: false, error: 'invalid_code' };
	passed(user.id, ip);
	return { ok: true, via: 'recovery' };
}

/**
 * Switches the second factor off: the user proves it with a current code (or a recovery
 * code); an admin may do it for someone who lost their phone (`actor` differs).
 */
export async function disableTotp(
	user: FactorUser,
	options: { code: string; ip: string } | { actor: FactorUser },
): Promise<{ ok: true } | FactorFailure> {
	if ('code' in options) {
		const checked = await verifySecondFactor(user, options.code, options.ip);
		if (!checked.ok) return checked;
	}
	const actor = 'actor' in options ? options.actor : user;
	const db = await getDb();
	await db.transaction(async (tx) => {
		await tx.delete(cmsRecoveryCodes).where(eq(cmsRecoveryCodes.userId, user.id));
		const gone = await tx
			.delete(cmsTotp)
			.where(eq(cmsTotp.userId, user.id))
			.returning({ userId: cmsTotp.userId });
		if (gone.length > 0) await audit(tx, user, 'totp.disable', null, actor);
	});
	return { ok: true };
}

/** How many unused recovery codes the user has left. */
export async function recoveryCodesLeft(userId: string): Promise<number> {
	const db = await getDb();
	const rows = await db
		.select({ h: cmsRecoveryCodes.codeHash })
		.from(cmsRecoveryCodes)
		.where(and(eq(cmsRecoveryCodes.userId, userId), isNull(cmsRecoveryCodes.usedAt)));
	return rows.length;
}
