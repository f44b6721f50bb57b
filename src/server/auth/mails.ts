import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { LOCALES } from '~/i18n/locales';
import type { Database } from '../db/client';
import { users } from '../db/schema/auth';
import { type Composed, defineMailKind } from '../mail/kinds';
import {
	accountExistsMail,
	adminSetupMail,
	confirmEmailMail,
	resetPasswordMail,
	welcomeMail,
} from '../mail/templates';
import { CONFIRM_TTL_MS, createConfirmToken } from './confirm-token';
import { siteLink } from './links';
import { limits } from './rate-limit';
import { createResetToken, resetMinutes } from './reset-token';

/**
 * The accounts' mails, composed by the mail worker at each attempt: links carrying a token
 * are made here (a fresh one-use token per attempt, stored hashed), so the queue never holds
 * a usable secret and a link's lifetime starts when its mail goes out. The decisions that
 * must not show in a request's answer or timing (does the address have an account, is its
 * mail cap reached) are made here too, off the request path. Per-address caps count the
 * first attempt only: a retry is the same mail.
 */

const locale = z.enum(LOCALES);
const payloads = {
	register: z.object({ email: z.string(), locale, userId: z.uuid().nullable() }),
	'reset-request': z.object({ email: z.string(), locale }),
	'set-password': z.object({ userId: z.uuid(), locale }),
	'confirm-email': z.object({ userId: z.uuid(), locale }),
} satisfies Record<string, z.ZodType>;

const confirmDays = Math.round(CONFIRM_TTL_MS / 86_400_000);

async function userById(db: Database, id: string) {
	const [user] = await db.select().from(users).where(eq(users.id, id));
	return user;
}

async function confirmLink(db: Database, user: { id: string; email: string }, lang: string) {
	const token = await createConfirmToken(db, user.id, user.email);
	return siteLink(locale.parse(lang), '/auth/confirm-email', { token });
}

type AuthKind = keyof typeof payloads;

const composers: {
	[K in AuthKind]: (
		db: Database,
		p: z.infer<(typeof payloads)[K]>,
		first: boolean,
	) => Promise<Composed>;
} = {
	async register(db, p, first) {
		if (p.userId === null) {
			if (first && !limits.existsMailsPerEmail.hit(p.email).ok) return { skip: 'capped' };
			return accountExistsMail(p.locale, p.email, siteLink(p.locale, '/auth/reset-password'));
		}
		const user = await userById(db, p.userId);
		if (!user) return { skip: 'no account' };
		if (first && !limits.welcomeMailsPerEmail.hit(user.email).ok) return { skip: 'capped' };
		const link = await confirmLink(db, user, p.locale);
		return welcomeMail(p.locale, user.email, user.name, link, confirmDays);
	},
	async 'reset-request'(db, p, first) {
		const [user] = await db.select().from(users).where(eq(users.email, p.email));
		if (!user || user.disabledAt !== null) return { skip: 'no account' };
		if (first && !limits.resetMailsPerEmail.hit(p.email).ok) return { skip: 'capped' };
		const token = await createResetToken(user.id);
		const link = siteLink(p.locale, '/auth/reset-password', { token });
		return resetPasswordMail(p.locale, user.email, link, resetMinutes());
	},
	async 'set-password'(db, p) {
		const user = await userById(db, p.userId);
		if (!user || user.passwordHash !== null) return { skip: 'password already set' };
		const token = await createResetToken(user.id);
		const link = siteLink(p.locale, '/auth/reset-password', { token });
		return adminSetupMail(p.locale, user.email, link, resetMinutes());
	},
	async 'confirm-email'(db, p) {
		const user = await userById(db, p.userId);
		if (!user || user.emailConfirmedAt !== null) return { skip: 'already confirmed' };
		return confirmEmailMail(
			p.locale,
			user.email,
			await confirmLink(db, user, p.locale),
			confirmDays,
		);
	},
};

/** Registers the accounts' mail kinds with the worker (start-up; tests that send mail). */
export function registerAuthMails(): void {
	for (const kind of Object.keys(payloads) as AuthKind[])
		defineMailKind(kind, {
			payload: payloads[kind] as z.ZodType<unknown>,
			compose: composers[kind] as (db: Database, p: unknown, first: boolean) => Promise<Composed>,
		});
}
