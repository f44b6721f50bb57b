import { z } from 'zod';
import type { Locale } from '~/i18n/locales';
import { NUL_PROBLEM, nulField } from '~/lib/input';
import { safeRedirect } from '~/lib/safe-redirect';
import { changePassword, deleteAccount, logout, logoutEverywhere, updateProfile } from './account';
import { emailField } from './email';
import { confirmEmail, resendConfirmation } from './email-confirm';
import {
	clearCookies,
	PENDING_COOKIE,
	pendingLoginCookie,
	readCookie,
	RESET_COOKIE,
	resetTokenCookie,
	tokenCookies,
} from './cookies';
import { readLimited, requestMeta } from './http';
import type { Caller } from './guard';
import { login } from './login';
import { loginWithCode } from './second-step';
import { PENDING_TTL_MS } from './totp';
import { register } from './register';
import { requestPasswordReset, resetPassword } from './reset';
import { nameField } from './schemas';
import { revokeOwnSession } from './sessions';
import { findUserById } from './users';

/**
 * Plain HTML form posts (JavaScript off), answered with 303 redirects: success goes on, a
 * failure goes back with `?error=<code>`, which the page translates. Forms post to their own
 * page (`POST /de/login`); Astro's checkOrigin has already refused cross-site posts.
 */
export type FormAction =
	| 'login'
	| 'cms-login'
	| 'cms-code'
	| 'register'
	| 'forgot'
	| 'reset'
	| 'logout'
	| 'logout-all'
	| 'profile'
	| 'password'
	| 'delete'
	| 'revoke'
	| 'confirm-email'
	| 'confirm-resend';

export interface FormContext {
	locale: Locale;
	clientAddress: string | undefined;
	web: Caller | null;
	cms: Caller | null;
}

interface Outcome {
	location: string;
	cookies?: string[];
}

/** Where a login lands: the `redirect` (or `next`) parameter when same-site, else home. */
export function landing(target: string | null | undefined, fallback = '/'): string {
	return safeRedirect(target ?? undefined, fallback);
}

function withQuery(path: string, query: Record<string, string | undefined>): string {
	const params = new URLSearchParams();
	for (const [key, value] of Object.entries(query)) if (value) params.set(key, value);
	const text = params.toString();
	return text ? `${path}?${text}` : path;
}

const str = (form: URLSearchParams, key: string) => form.get(key) ?? '';

async function run(
	action: FormAction,
	form: URLSearchParams,
	request: Request,
	ctx: FormContext,
): Promise<Outcome> {
	const { locale } = ctx;
	const meta = requestMeta(request, ctx.clientAddress);
	const home = `/${locale}`;
	const redirectParam = form.get('redirect') ?? form.get('next');
	const keep = redirectParam && safeRedirect(redirectParam, '') ? redirectParam : undefined;

	switch (action) {
		case 'login':
		case 'cms-login': {
			const kind = action === 'login' ? 'web' : 'cms';
			const page = action === 'login' ? `${home}/login` : `${home}/cms/login`;
			// The console's locked-account step sends the code with the password (login.ts).
			const code = kind === 'cms' ? str(form, 'code').slice(0, 40) : '';
			const result = await login({
				email: str(form, 'email').slice(0, 320),
				password: str(form, 'password'),
				...(code ? { code } : {}),
				kind,
				...meta,
			});
			if (!result.ok && 'pending' in result) {
				// Password right, second factor owed: the next step carries a signed token, not the password.
				const step = result.error === 'code_required' ? 'code' : 'enrol';
				return {
					location: withQuery(page, { step, redirect: keep }),
					cookies: [pendingLoginCookie(result.pending, PENDING_TTL_MS / 1000)],
				};
			}
			if (!result.ok) {
				const step = result.error === 'account_locked' ? 'locked' : undefined;
				return { location: withQuery(page, { step, error: result.error, redirect: keep }) };
			}
			return {
				location: landing(redirectParam, action === 'login' ? '/' : `${home}/cms`),
				cookies: tokenCookies(kind, result.grant.token),
			};
		}
		case 'cms-code': {
			const page = `${home}/cms/login`;
			const pending = readCookie(request.headers.get('cookie'), PENDING_COOKIE);
			const result = await loginWithCode(pending, str(form, 'code').slice(0, 40), meta);
			if (result.ok)
				return {
					location: landing(redirectParam, `${home}/cms`),
					cookies: [...tokenCookies('cms', result.grant.token), pendingLoginCookie('', 0)],
				};
			// A lost or stale pending login starts again from the password.
			const step = result.error === 'invalid_credentials' ? undefined : 'code';
			return { location: withQuery(page, { step, error: result.error, redirect: keep }) };
		}
		case 'register': {
			const email = emailField.safeParse(str(form, 'email'));
			const name = nameField.safeParse(str(form, 'name'));
			if (!email.success)
				return { location: withQuery(`${home}/register`, { error: 'invalid_email' }) };
			if (!name.success)
				return { location: withQuery(`${home}/register`, { error: 'invalid_name' }) };
			const result = await register({
				email: email.data,
				name: name.data,
				password: str(form, 'password'),
				locale,
				ip: meta.ip,
			});
			if (!result.ok) return { location: withQuery(`${home}/register`, { error: result.error }) };
			return { location: withQuery(`${home}/login`, { notice: 'registered', redirect: keep }) };
		}
		case 'forgot': {
			const email = emailField.safeParse(str(form, 'email'));
			const page = `${home}/auth/reset-password`;
			if (!email.success) return { location: withQuery(page, { error: 'invalid_email' }) };
			const result = await requestPasswordReset({ email: email.data, locale, ip: meta.ip });
			return {
				location: withQuery(page, result.ok ? { notice: 'sent' } : { error: result.error }),
			};
		}
		case 'reset': {
			const token = (
				str(form, 'token') ||
				readCookie(request.headers.get('cookie'), RESET_COOKIE) ||
				''
			).slice(0, 300);
			const result = await resetPassword({ token, password: str(form, 'password'), ip: meta.ip });
			if (!result.ok) {
				const step = result.error === 'invalid_token' ? undefined : 'set';
				return {
					location: withQuery(`${home}/auth/reset-password`, { step, error: result.error }),
				};
			}
			return {
				location: withQuery(`${home}/login`, { notice: 'reset' }),
				cookies: [...clearCookies('web'), resetTokenCookie('', 0)],
			};
		}
		case 'confirm-email': {
			// The one-click POST behind the mailed link (a scanner's GET confirms nothing).
			const result = await confirmEmail(str(form, 'token').slice(0, 300));
			return {
				location: withQuery(
					`${home}/auth/confirm-email`,
					result.ok ? { notice: 'confirmed' } : { error: result.error },
				),
			};
		}
		case 'logout': {
			if (ctx.web) await logout(ctx.web.session.id);
			return { location: home, cookies: clearCookies('web') };
		}
		default:
			return account(action, form, ctx, meta);
	}
}

async function account(
	action: FormAction,
	form: URLSearchParams,
	ctx: FormContext,
	meta: { ip: string; userAgent: string },
): Promise<Outcome> {
	const page = `/${ctx.locale}/account`;
	if (!ctx.web) return { location: withQuery(`/${ctx.locale}/login`, { redirect: page }) };
	const { user, session } = ctx.web;
	switch (action) {
		case 'logout-all':
			await logoutEverywhere(user.id);
			return { location: `/${ctx.locale}`, cookies: clearCookies('web') };
		case 'profile': {
			const name = nameField.safeParse(str(form, 'name'));
			if (!name.success) return { location: withQuery(page, { error: 'invalid_name' }) };
			await updateProfile(user.id, name.data);
			return { location: withQuery(page, { notice: 'saved' }) };
		}
		case 'password': {
			const result = await changePassword({
				userId: user.id,
				kind: session.kind,
				current: str(form, 'current_password'),
				next: str(form, 'new_password'),
				...meta,
			});
			if (!result.ok) return { location: withQuery(page, { error: result.error }) };
			return {
				location: withQuery(page, { notice: 'password' }),
				cookies: tokenCookies(session.kind, result.grant.token),
			};
		}
		case 'delete': {
			const result = await deleteAccount(user.id, str(form, 'password'));
			if (!result.ok) return { location: withQuery(page, { error: result.error }) };
			return {
				location: withQuery(`/${ctx.locale}`, { notice: 'deleted' }),
				cookies: clearCookies('web'),
			};
		}
		case 'confirm-resend': {
			const row = await findUserById(user.id);
			if (!row) return { location: page };
			const result = await resendConfirmation({
				id: row.id,
				emailConfirmedAt: row.emailConfirmedAt,
				locale: ctx.locale,
			});
			return {
				location: withQuery(
					page,
					!result.ok ? { error: result.error } : result.sent ? { notice: 'confirmSent' } : {},
				),
			};
		}
		case 'revoke': {
			const id = z.string().min(1).max(100).safeParse(form.get('session'));
			if (id.success) await revokeOwnSession(user.id, id.data);
			return { location: withQuery(page, { notice: 'revoked' }) };
		}
		default:
			return { location: page };
	}
}

/**
 * Answers a form post with a 303. Only urlencoded and multipart bodies are read, and at most
 * 16 KB; anything odd simply lands back on the form with a generic error.
 */
export async function answerForm(
	requested: FormAction | 'account',
	request: Request,
	ctx: FormContext,
): Promise<Response> {
	let outcome: Outcome;
	let action: FormAction = requested === 'account' ? 'profile' : requested;
	const type = request.headers.get('content-type') ?? '';
	const text = /^application\/x-www-form-urlencoded\b/i.test(type)
		? await readLimited(request)
		: null;
	if (text === null) {
		outcome = {
			location: `/${ctx.locale}${action === 'cms-login' || action === 'cms-code' ? '/cms/login' : action === 'login' ? '/login' : ''}?error=invalid_request`,
		};
	} else {
		const form = new URLSearchParams(text);
		// Every field of every form, before any of them reaches a query (src/lib/input.ts).
		const bad = nulField(Object.fromEntries(form));
		if (bad) {
			return new Response(`Invalid field "${bad}": ${NUL_PROBLEM}`, {
				status: 400,
				headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
			});
		}
		if (requested === 'account') {
			// The account page carries several forms; each names its intent.
			const intent = form.get('intent') ?? '';
			const allowed: FormAction[] = [
				'logout',
				'logout-all',
				'profile',
				'password',
				'delete',
				'revoke',
				'confirm-resend',
			];
			action = allowed.includes(intent as FormAction) ? (intent as FormAction) : 'profile';
		}
		outcome = await run(action, form, request, ctx);
	}
	const headers = new Headers({ Location: outcome.location, 'Cache-Control': 'no-store' });
	for (const cookie of outcome.cookies ?? []) headers.append('Set-Cookie', cookie);
	return new Response(null, { status: 303, headers });
}

/** The form context from what the middleware put in `locals`. */
export function formContext(
	locals: {
		locale: Locale;
		user: Caller['user'] | null;
		session: Caller['session'] | null;
		cms: Caller | null;
	},
	clientAddress: string | undefined,
): FormContext {
	return {
		locale: locals.locale,
		clientAddress,
		web: locals.user && locals.session ? { user: locals.user, session: locals.session } : null,
		cms: locals.cms,
	};
}

/**
 * A reset link's first GET: the token moves from the URL into a short-lived httpOnly cookie
 * and the browser is sent on to the same page without it (as Django does), so the token
 * never sits in the address bar, the history or a Referer. This answer itself carries
 * `Referrer-Policy: no-referrer`. The page the browser lands on can post its form normally
 * (a `no-referrer` page would send `Origin: null`, which checkOrigin rightly refuses).
 */
export function resetTokenHandoff(locale: Locale, token: string): Response {
	const headers = new Headers({
		Location: `/${locale}/auth/reset-password?step=set`,
		'Cache-Control': 'no-store',
		'Referrer-Policy': 'no-referrer',
	});
	headers.append('Set-Cookie', resetTokenCookie(token.slice(0, 300), 3600));
	return new Response(null, { status: 303, headers });
}

/** Whether a reset token is waiting in its cookie (the "choose a new password" step). */
export function hasResetToken(request: Request): boolean {
	return Boolean(readCookie(request.headers.get('cookie'), RESET_COOKIE));
}
