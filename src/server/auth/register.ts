import type { Locale } from '~/i18n/locales';
import { accountExistsMail, adminSetupMail, welcomeMail } from '../mail/templates';
import { queueMail } from '../mail/transport';
import { normaliseEmail } from './email';
import { siteLink } from './links';
import { hashPassword, passwordProblem, type PasswordProblem } from './passwords';
import { hitAll, limits } from './rate-limit';
import { createResetToken, resetMinutes } from './reset';
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
 * Registration answers the same whether or not the address is taken: one argon2 hash in
 * both cases, one mail in both cases (a welcome to a new account, a notice to the owner of
 * an existing one), and no second account. Only email, name and password are read: scope
 * and plan are decided here, never by the client.
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
	const created = await insertUser({
		email,
		name: input.name,
		passwordHash: admin ? null : passwordHash,
		scope: admin ? ['user', 'admin'] : ['user'],
	});
	if (!created) {
		if (limits.existsMailsPerEmail.hit(email).ok)
			queueMail(
				accountExistsMail(input.locale, email, siteLink(input.locale, '/auth/reset-password')),
			);
	} else if (admin) {
		const token = await createResetToken(created.id);
		const link = siteLink(input.locale, '/auth/reset-password', { token });
		queueMail(adminSetupMail(input.locale, email, link, resetMinutes()));
	} else if (limits.welcomeMailsPerEmail.hit(email).ok) {
		queueMail(welcomeMail(input.locale, email, created.name, siteLink(input.locale, '/login')));
	}
	return { ok: true };
}
