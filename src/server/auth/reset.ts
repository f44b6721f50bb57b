import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Locale } from '~/i18n/locales';
import { getDb } from '../db/client';
import { passwordResets, sessions, users } from '../db/schema/auth';
import { announceMailQueued, enqueueMail } from '../mail/outbox';
import { now } from '../clock';
import { normaliseEmail } from './email';
import { logSecurityEvent } from './events';
import { hashPassword, passwordProblem, type PasswordProblem } from './passwords';
import { hitAll, limits } from './rate-limit';
import { createResetToken, resetMinutes } from './reset-token';
import { announceUserRevoked } from './sessions';
import { hashToken } from './tokens';

export { createResetToken, resetMinutes };

export type ForgotResult = { ok: true } | { ok: false; error: 'rate_limited'; retryAfter: number };

/**
 * "Forgot password": the same answer whether or not the address exists; a mail (with a
 * one-use link valid RESET_TOKEN_TTL) only when it does. Limits are per client; per address
 * the mails are capped silently, so an attacker cannot lock the owner out with 429s.
 *
 * The request itself does the same work for every address (finding 12): it queues one
 * 'reset-request' row, and the look-up, the cap, the token and the mail all happen in the
 * mail worker (src/server/auth/mails.ts). A row that cannot be written fails the request
 * (issue 28/6) rather than answering 202 for a mail that will never be sent.
 */
export async function requestPasswordReset(input: {
	email: string;
	locale: Locale;
	ip: string;
}): Promise<ForgotResult> {
	const decision = hitAll([[limits.forgotPerClient, input.ip]]);
	if (!decision.ok) return { ok: false, error: 'rate_limited', retryAfter: decision.retryAfter };
	const email = normaliseEmail(input.email);
	await enqueueMail(await getDb(), 'reset-request', { email, locale: input.locale });
	announceMailQueued();
	return { ok: true };
}

export type ResetResult =
	| { ok: true; email: string }
	| { ok: false; error: PasswordProblem | 'invalid_token' }
	| { ok: false; error: 'rate_limited'; retryAfter: number };

/**
 * Sets a new password from a reset link. Claiming the token is one conditional UPDATE, so
 * of two concurrent uses exactly one wins; the winner's password is stored in the same
 * transaction, every session of the user is revoked and every other reset link spent.
 */
export async function resetPassword(input: {
	token: string;
	password: string;
	ip: string;
}): Promise<ResetResult> {
	const decision = hitAll([[limits.resetPerClient, input.ip]]);
	if (!decision.ok) return { ok: false, error: 'rate_limited', retryAfter: decision.retryAfter };
	const problem = passwordProblem(input.password);
	if (problem) return { ok: false, error: problem };
	if (input.token.length < 20 || input.token.length > 200)
		return { ok: false, error: 'invalid_token' };
	const passwordHash = await hashPassword(input.password);
	const db = await getDb();
	const at = new Date(now());
	const email = await db.transaction(async (tx) => {
		const [claimed] = await tx
			.update(passwordResets)
			.set({ usedAt: at })
			.where(
				and(
					eq(passwordResets.tokenHash, hashToken(input.token)),
					isNull(passwordResets.usedAt),
					gt(passwordResets.expiresAt, at),
				),
			)
			.returning({ userId: passwordResets.userId });
		if (!claimed) return null;
		const [user] = await tx
			.update(users)
			.set({
				passwordHash,
				tokenVersion: sql`${users.tokenVersion} + 1`,
				// The link came by mail to this address: the mailbox is proved.
				emailConfirmedAt: sql`coalesce(${users.emailConfirmedAt}, ${at.toISOString()}::timestamptz)`,
				updatedAt: at,
			})
			.where(eq(users.id, claimed.userId))
			.returning({ email: users.email });
		await tx
			.update(passwordResets)
			.set({ usedAt: at })
			.where(and(eq(passwordResets.userId, claimed.userId), isNull(passwordResets.usedAt)));
		await tx
			.update(sessions)
			.set({ revokedAt: at })
			.where(and(eq(sessions.userId, claimed.userId), isNull(sessions.revokedAt)));
		return user ? { email: user.email, userId: claimed.userId } : null;
	});
	if (!email) return { ok: false, error: 'invalid_token' };
	await announceUserRevoked(email.userId);
	// The owner proved the mailbox: lift any login lockout on the address (no lockout-DoS).
	limits.loginPerEmail.reset(normaliseEmail(email.email));
	limits.cmsLoginPerEmail.reset(normaliseEmail(email.email));
	await logSecurityEvent('password_reset', { userId: email.userId });
	return { ok: true, email: email.email };
}
