import { config } from '../config';
import { now } from '../clock';
import type { UserRow } from '../db/schema/auth';
import { openSession, type Grant } from './issue';
import { limits } from './rate-limit';
import {
	beginEnrolment,
	confirmEnrolment,
	type Enrolment,
	totpStatus,
	verifySecondFactor,
} from './second-factor';
import { pendingToken, readPendingToken } from './totp';
import { findUserById } from './users';
import { isStaff } from '~/lib/cms/roles';

/**
 * The console login after a correct password: staff with a confirmed TOTP secret must give
 * a code (or a recovery code); with CMS_REQUIRE_TOTP=1 staff without one must enrol first.
 * A browser that still owes the code carries a signed "pending" token (totp.ts) instead of
 * the password; an API client simply sends `code` with the password.
 */
export type StaffLoginResult =
	| { ok: true; grant: Grant }
	| { ok: false; error: 'invalid_credentials' | 'invalid_code' }
	| { ok: false; error: 'code_required' | 'enrolment_required'; pending: string }
	| { ok: false; error: 'rate_limited'; retryAfter: number };

interface Meta {
	ip: string;
	userAgent?: string;
}

function sessionMeta(meta: Meta): { ip: string; userAgent?: string } {
	return meta.userAgent === undefined
		? { ip: meta.ip }
		: { ip: meta.ip, userAgent: meta.userAgent };
}

/** Whether the settings make every staff member use a second factor. */
export function totpRequired(): boolean {
	return config().CMS_REQUIRE_TOTP === '1';
}

/** The second step for a staff member whose password was right. */
export async function afterPassword(
	user: UserRow,
	code: string | undefined,
	meta: Meta,
): Promise<StaffLoginResult> {
	const status = await totpStatus(user.id);
	const pending = () => pendingToken(user.id, user.tokenVersion, now());
	if (status === 'enrolled') {
		if (!code) return { ok: false, error: 'code_required', pending: pending() };
		const checked = await verifySecondFactor(user, code, meta.ip);
		if (!checked.ok)
			return checked.error === 'rate_limited' ? checked : { ok: false, error: 'invalid_code' };
	} else if (totpRequired()) {
		return { ok: false, error: 'enrolment_required', pending: pending() };
	}
	limits.cmsLoginPerEmail.reset(user.email);
	return { ok: true, grant: await openSession(user, 'cms', sessionMeta(meta)) };
}

/**
 * The console login of an account over its failure limit (login.ts): the password was right,
 * and only a confirmed second factor given with it lets the staff member in (and lifts the
 * limit). Without one the account waits out the window like a member's.
 */
export async function lockedStaffLogin(
	user: UserRow,
	code: string,
	meta: Meta,
): Promise<StaffLoginResult> {
	if (!code.trim() || (await totpStatus(user.id)) !== 'enrolled')
		return { ok: false, error: 'invalid_code' };
	return afterPassword(user, code, meta);
}

/** The staff member a pending token names, if it is still good (version, staff, enabled). */
async function pendingUser(pending: string | undefined): Promise<UserRow | null> {
	const claim = readPendingToken(pending, now());
	if (!claim) return null;
	const user = await findUserById(claim.userId);
	if (!user || user.disabledAt !== null || user.tokenVersion !== claim.version) return null;
	return isStaff(user.scope) ? user : null;
}

/** The code step of a browser login. */
export async function loginWithCode(
	pending: string | undefined,
	code: string,
	meta: Meta,
): Promise<StaffLoginResult> {
	const user = await pendingUser(pending);
	if (!user) return { ok: false, error: 'invalid_credentials' };
	if (!code.trim()) return { ok: false, error: 'invalid_code' };
	return afterPassword(user, code, meta);
}

/** The enrolment a pending login must finish first (QR code and secret), or null. */
export async function enrolmentForPending(
	pending: string | undefined,
): Promise<{ email: string; enrolment: Enrolment } | null> {
	const user = await pendingUser(pending);
	if (!user) return null;
	const enrolment = await beginEnrolment(user);
	return enrolment ? { email: user.email, enrolment } : null;
}

/**
 * Confirms the enrolment of a pending login and opens the session: the recovery codes are
 * returned to be shown once.
 */
export async function confirmPendingEnrolment(
	pending: string | undefined,
	code: string,
	meta: Meta,
): Promise<
	| { ok: true; grant: Grant; recoveryCodes: string[] }
	| { ok: false; error: 'invalid_credentials' | 'invalid_code' }
	| { ok: false; error: 'rate_limited'; retryAfter: number }
> {
	const user = await pendingUser(pending);
	if (!user) return { ok: false, error: 'invalid_credentials' };
	const confirmed = await confirmEnrolment(user, code, meta.ip);
	if (!confirmed.ok)
		return confirmed.error === 'rate_limited' ? confirmed : { ok: false, error: 'invalid_code' };
	limits.cmsLoginPerEmail.reset(user.email);
	const grant = await openSession(user, 'cms', sessionMeta(meta));
	return { ok: true, grant, recoveryCodes: confirmed.recoveryCodes };
}
