import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Locale } from '~/i18n/locales';
import { now } from '../clock';
import { getDb } from '../db/client';
import { emailConfirmations, users } from '../db/schema/auth';
import { announceMailQueued, enqueueMail } from '../mail/outbox';
import { limits } from './rate-limit';
import { hashToken } from './tokens';

/**
 * E-mail confirmation (issue 28/7): a one-use link mailed to the address proves the
 * mailbox, and only accounts with a proved mailbox count on leaderboards. Tokens are kept
 * as SHA-256 hashes (like reset links, src/server/auth/reset-token.ts) in a table of their
 * own, so a confirmation link can never be spent as a reset link or the other way round.
 */

export type ConfirmResult = { ok: true; userId: string } | { ok: false; error: 'invalid_token' };

/**
 * Spends a confirmation link. The claim is one conditional UPDATE (of two concurrent uses one
 * wins), and the account is confirmed in the same transaction only while it still has the
 * address the link was sent to. A link for an already confirmed account is spent and answers
 * ok (a second click is not an error for the owner).
 */
export async function confirmEmail(token: string): Promise<ConfirmResult> {
	if (token.length < 20 || token.length > 200) return { ok: false, error: 'invalid_token' };
	const db = await getDb();
	const at = new Date(now());
	const userId = await db.transaction(async (tx) => {
		const [claimed] = await tx
			.update(emailConfirmations)
			.set({ usedAt: at })
			.where(
				and(
					eq(emailConfirmations.tokenHash, hashToken(token)),
					isNull(emailConfirmations.usedAt),
					gt(emailConfirmations.expiresAt, at),
				),
			)
			.returning({ userId: emailConfirmations.userId, email: emailConfirmations.email });
		if (!claimed) return null;
		const [user] = await tx
			.update(users)
			.set({
				emailConfirmedAt: sql`coalesce(${users.emailConfirmedAt}, ${at.toISOString()}::timestamptz)`,
			})
			.where(and(eq(users.id, claimed.userId), eq(users.email, claimed.email)))
			.returning({ id: users.id });
		return user?.id ?? null;
	});
	return userId ? { ok: true, userId } : { ok: false, error: 'invalid_token' };
}

export type ResendResult =
	| { ok: true; sent: boolean }
	| { ok: false; error: 'rate_limited'; retryAfter: number };

/**
 * "Send the link again" from the account page: queues a confirmation mail unless the
 * address is already confirmed, at most confirmMailsPerUser an hour. A queue that cannot be
 * written throws (the page answers an error, never a false "sent").
 */
export async function resendConfirmation(user: {
	id: string;
	emailConfirmedAt: Date | null;
	locale: Locale;
}): Promise<ResendResult> {
	if (user.emailConfirmedAt) return { ok: true, sent: false };
	const decision = limits.confirmMailsPerUser.hit(user.id);
	if (!decision.ok) return { ok: false, error: 'rate_limited', retryAfter: decision.retryAfter };
	await enqueueMail(await getDb(), 'confirm-email', { userId: user.id, locale: user.locale });
	announceMailQueued();
	return { ok: true, sent: true };
}
