import type { Locale } from '~/i18n/locales';
import { type Database, getDb } from '../db/client';
import { announceMailQueued, enqueueMail } from '../mail/outbox';
import { normaliseEmail } from './email';
import { hashPassword, passwordProblem, type PasswordProblem } from './passwords';
import { hitAll, limits } from './rate-limit';
import { insertUser, isAdminEmail } from './users';

export type RegisterResult =
	| { ok: true }
	| { ok: false; error: PasswordProblem }
	| { ok: false; error: 'rate_limited'; retryAfter: number };

export interface RegisterInput {
	email: string;
	name: string;
	password: string;
	locale: Locale;
	ip: string;
}

/**
 * Registration answers the same whether or not the address is taken: one argon2 hash and
 * one queued mail in both cases, and no second account. The account and its mail row commit
 * together (issue 28/6): if the row cannot be written, nothing is created and the request
 * fails (503 from the middleware for a database blink) instead of answering "check your
 * e-mail". Which mail it becomes (a welcome with the confirmation link, a notice to the
 * owner of an existing account, or the ADMIN_EMAIL set-password link) and the per-address
 * caps are decided by the mail worker (src/server/auth/mails.ts), off the request path.
 * Only email, name and password are read: scope and plan are decided here, never by the
 * client.
 *
 * ADMIN_EMAIL gets the admin scope, but its account starts WITHOUT a password: the mailed
 * link sets it. Whoever registers that address first therefore cannot use it without the
 * mailbox, so no one can claim the admin account by registering before its owner.
 */
export async function register(input: RegisterInput): Promise<RegisterResult> {
	const decision = hitAll([[limits.registerPerClient, input.ip]]);
	if (!decision.ok) return { ok: false, error: 'rate_limited', retryAfter: decision.retryAfter };
	const problem = passwordProblem(input.password);
	if (problem) return { ok: false, error: problem };
	const email = normaliseEmail(input.email);
	const passwordHash = await hashPassword(input.password);
	const admin = isAdminEmail(email);
	const db = await getDb();
	await db.transaction(async (tx) => {
		const created = await insertUser(
			{
				email,
				name: input.name,
				passwordHash: admin ? null : passwordHash,
				scope: admin ? ['user', 'admin'] : ['user'],
			},
			tx as unknown as Database,
		);
		const queue = tx as unknown as Database;
		if (created && admin)
			await enqueueMail(queue, 'set-password', { userId: created.id, locale: input.locale });
		else
			await enqueueMail(queue, 'register', {
				email,
				locale: input.locale,
				userId: created?.id ?? null,
			});
	});
	announceMailQueued();
	return { ok: true };
}
