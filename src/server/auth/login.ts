import { logSecurityEvent } from './events';
import { normaliseEmail } from './email';
import { openSession, type Grant } from './issue';
import { hashablePassword, verifyPassword } from './passwords';
import { hitAll, limits } from './rate-limit';
import { afterPassword, type StaffLoginResult } from './second-step';
import type { SessionKind } from './sessions';
import { findUserByEmail } from './users';
import { isStaff } from '~/lib/cms/roles';

export type LoginResult =
	| { ok: true; grant: Grant }
	| { ok: false; error: 'invalid_credentials' }
	| { ok: false; error: 'rate_limited'; retryAfter: number }
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
 * limits (5 per 15 minutes).
 */
export async function login(input: LoginInput): Promise<LoginResult> {
	const email = normaliseEmail(input.email);
	const cms = input.kind === 'cms';
	const decision = hitAll([
		[cms ? limits.cmsLoginPerClient : limits.loginPerClient, input.ip],
		[cms ? limits.cmsLoginPerEmail : limits.loginPerEmail, email],
	]);
	if (!decision.ok) {
		await logSecurityEvent('login_rate_limited', {}, { kind: input.kind });
		return { ok: false, error: 'rate_limited', retryAfter: decision.retryAfter };
	}
	// An oversized password is refused without hashing; the answer is still the generic one.
	if (!hashablePassword(input.password)) return { ok: false, error: 'invalid_credentials' };
	const user = await findUserByEmail(email);
	const valid = await verifyPassword(user?.passwordHash ?? null, input.password);
	if (!user || !valid || user.disabledAt !== null)
		return { ok: false, error: 'invalid_credentials' };
	if (cms && !isStaff(user.scope)) return { ok: false, error: 'invalid_credentials' };
	// Staff may owe a second factor; the address's counter is cleared only once it is given.
	if (cms) return afterPassword(user, input.code, { ip: input.ip, userAgent: input.userAgent });
	// A successful login clears the address's counter; the per-client one keeps counting.
	(cms ? limits.cmsLoginPerEmail : limits.loginPerEmail).reset(email);
	const meta: { ip: string; userAgent?: string } = { ip: input.ip };
	if (input.userAgent !== undefined) meta.userAgent = input.userAgent;
	return { ok: true, grant: await openSession(user, input.kind, meta) };
}
