import { logSecurityEvent } from './events';
import { normaliseEmail } from './email';
import { openSession, type Grant } from './issue';
import { hashablePassword, verifyPassword } from './passwords';
import { limits, release, type SlidingWindowLimiter } from './rate-limit';
import { afterPassword, lockedStaffLogin, type StaffLoginResult } from './second-step';
import type { SessionKind } from './sessions';
import { findUserByEmail } from './users';
import { isStaff } from '~/lib/cms/roles';

export type LoginResult =
	| { ok: true; grant: Grant }
	| { ok: false; error: 'invalid_credentials' }
	| { ok: false; error: 'rate_limited'; retryAfter: number }
	/** The console account is over its failure limit: only password and code together pass. */
	| { ok: false; error: 'account_locked'; retryAfter: number }
	| StaffLoginResult;

export interface LoginInput {
	email: string;
	password: string;
	/** The console's second factor (TOTP or recovery code), when the account has one. */
	code?: string;
	kind: SessionKind;
	ip: string;
	userAgent?: string;
}

/**
 * Password login. Every failure is the same `invalid_credentials`, and every attempt that
 * passes the rate limits runs exactly one argon2 verification (against a dummy hash when
 * the address is unknown), so neither the answer nor its timing tells whether an address
 * is registered. The CMS (`kind: 'cms'`) also requires a staff role (lib/cms/roles.ts) and has tighter
 * limits.
 *
 * The limits count failures only, per client address and per account (issue 28/7): an
 * office behind one address may log in all day. A client address over its limit is refused
 * outright (429). An account over its limit refuses a password alone, right or wrong, with
 * 429 and without checking it, so a guesser learns nothing; but a staff member who sends the
 * password together with their second-factor code still gets in, and that complete login
 * is what lifts the account's limit. So five wrong passwords from five addresses cannot lock
 * out a desk whose staff use two-step verification; a member account (no second factor)
 * waits out the window or resets its password. The reasoning is in docs/auth.md.
 */
export async function login(input: LoginInput): Promise<LoginResult> {
	const email = normaliseEmail(input.email);
	const cms = input.kind === 'cms';
	const perClient = cms ? limits.cmsLoginPerClient : limits.loginPerClient;
	const perAccount = cms ? limits.cmsLoginPerEmail : limits.loginPerEmail;
	// Each attempt is counted while it runs and given back once the password proves right.
	const address = perClient.hit(input.ip);
	const account = perAccount.hit(email);
	const counted: [SlidingWindowLimiter, string][] = [];
	if (address.ok) counted.push([perClient, input.ip]);
	if (account.ok) counted.push([perAccount, email]);
	// Only the console has a second factor that can vouch for the owner of a locked account.
	if (!address.ok || (!account.ok && !(cms && input.code))) {
		release(counted);
		await logSecurityEvent('login_rate_limited', {}, { kind: input.kind });
		if (!address.ok) return { ok: false, error: 'rate_limited', retryAfter: address.retryAfter };
		const error = cms ? 'account_locked' : 'rate_limited';
		return { ok: false, error, retryAfter: account.retryAfter };
	}
	const locked = !account.ok;
	// While locked, every refusal looks the same, whatever was wrong.
	const refuse = (): LoginResult =>
		locked
			? { ok: false, error: 'account_locked', retryAfter: account.retryAfter }
			: { ok: false, error: 'invalid_credentials' };
	// An oversized password is refused without hashing; the answer is still the generic one.
	if (!hashablePassword(input.password)) return refuse();
	const user = await findUserByEmail(email);
	const valid = await verifyPassword(user?.passwordHash ?? null, input.password);
	if (!user || !valid || user.disabledAt !== null || (cms && !isStaff(user.scope))) return refuse();
	const meta = { ip: input.ip, userAgent: input.userAgent };
	if (cms && locked) {
		const result = await lockedStaffLogin(user, input.code ?? '', meta);
		if (result.ok) release(counted);
		// A wrong code stays counted against the address (and by the code's own limits);
		// whatever failed, the answer is the locked one: it never tells the password was right.
		return result.ok ? result : refuse();
	}
	// The password was right: not a failure. Staff may still owe a second factor, and the
	// account's counter is cleared only once that is given too (second-step.ts).
	release(counted);
	if (cms) return afterPassword(user, input.code, meta);
	perAccount.reset(email);
	const sessionMeta: { ip: string; userAgent?: string } = { ip: input.ip };
	if (input.userAgent !== undefined) sessionMeta.userAgent = input.userAgent;
	return { ok: true, grant: await openSession(user, input.kind, sessionMeta) };
}
