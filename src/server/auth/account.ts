import { eq, sql } from 'drizzle-orm';
import { getDb } from '../db/client';
import { users } from '../db/schema/auth';
import { now } from '../clock';
import { logSecurityEvent } from './events';
import { openSession, type Grant } from './issue';
import { hashPassword, passwordProblem, verifyPassword, type PasswordProblem } from './passwords';
import { limits } from './rate-limit';
import {
	announceUserRevoked,
	forgetSessionChecks,
	revokeAllSessions,
	revokeSession,
	sessionOfRefreshToken,
	type SessionKind,
} from './sessions';
import { authenticateAccessToken } from './authenticate';
import { cookieNames, readCookie } from './cookies';
import { findUserById, toPublicUser, type PublicUser } from './users';

/** Changes the display name (the only profile field a user may set). */
export async function updateProfile(userId: string, name: string): Promise<PublicUser | null> {
	const db = await getDb();
	const [row] = await db
		.update(users)
		.set({ name, updatedAt: new Date(now()) })
		.where(eq(users.id, userId))
		.returning();
	forgetSessionChecks(userId);
	return row ? toPublicUser(row) : null;
}

type CheckFailure =
	| { ok: false; error: 'invalid_credentials' }
	| { ok: false; error: 'rate_limited'; retryAfter: number };

async function checkPassword(
	userId: string,
	password: string,
): Promise<CheckFailure | { ok: true }> {
	const decision = limits.passwordChecksPerUser.hit(userId);
	if (!decision.ok) return { ok: false, error: 'rate_limited', retryAfter: decision.retryAfter };
	const user = await findUserById(userId);
	if (!(await verifyPassword(user?.passwordHash ?? null, password))) {
		return { ok: false, error: 'invalid_credentials' };
	}
	return { ok: true };
}

export type ChangePasswordResult =
	| { ok: true; grant: Grant }
	| CheckFailure
	| { ok: false; error: PasswordProblem };

/**
 * Changes the password after checking the current one. Every session is revoked and the
 * token version bumped (so every access token dies at once); the device making the change
 * gets a fresh session, so it stays logged in while all others are logged out.
 */
export async function changePassword(input: {
	userId: string;
	kind: SessionKind;
	current: string;
	next: string;
	ip: string;
	userAgent?: string;
}): Promise<ChangePasswordResult> {
	const problem = passwordProblem(input.next);
	if (problem) return { ok: false, error: problem };
	const check = await checkPassword(input.userId, input.current);
	if (!check.ok) return check;
	const passwordHash = await hashPassword(input.next);
	const db = await getDb();
	const [row] = await db
		.update(users)
		.set({ passwordHash, tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: new Date(now()) })
		.where(eq(users.id, input.userId))
		.returning();
	if (!row) return { ok: false, error: 'invalid_credentials' };
	await revokeAllSessions(input.userId);
	await logSecurityEvent('password_changed', { userId: input.userId });
	const meta: { ip: string; userAgent?: string } = { ip: input.ip };
	if (input.userAgent !== undefined) meta.userAgent = input.userAgent;
	return { ok: true, grant: await openSession(row, input.kind, meta) };
}

/** Deletes the account (and, by cascade, its sessions and reset links) after a password check. */
export async function deleteAccount(
	userId: string,
	password: string,
): Promise<{ ok: true } | CheckFailure> {
	const check = await checkPassword(userId, password);
	if (!check.ok) return check;
	const db = await getDb();
	await db.delete(users).where(eq(users.id, userId));
	await announceUserRevoked(userId);
	await logSecurityEvent('account_deleted', { userId });
	return { ok: true };
}

/** Logout: ends this session only. */
export async function logout(sessionId: string): Promise<void> {
	await revokeSession(sessionId);
}

/**
 * Console logout (issue 28/5). The middleware only loads the console session for console
 * pages and /api/cms/*, so this finds it itself: the Bearer token's session, the `cms`
 * access cookie's and the `cms` refresh cookie's (an expired access token must not leave
 * its refresh family alive). Only console sessions are ended; the site session stays.
 * revokeSession publishes the change, so every process drops its cached check at once.
 */
export async function logoutCms(input: {
	bearerSession: { id: string; kind: SessionKind } | null;
	cookieHeader: string | null;
}): Promise<void> {
	const names = cookieNames('cms');
	const ids = new Set<string>();
	if (input.bearerSession?.kind === 'cms') ids.add(input.bearerSession.id);
	const fromAccess = await authenticateAccessToken(readCookie(input.cookieHeader, names.access));
	if (fromAccess?.session.kind === 'cms') ids.add(fromAccess.session.id);
	const refreshToken = readCookie(input.cookieHeader, names.refresh);
	const fromRefresh = refreshToken ? await sessionOfRefreshToken(refreshToken) : null;
	if (fromRefresh?.kind === 'cms') ids.add(fromRefresh.id);
	for (const id of ids) await revokeSession(id);
}

/** "Log out everywhere": ends every session of the user. */
export async function logoutEverywhere(userId: string): Promise<void> {
	await revokeAllSessions(userId);
	await logSecurityEvent('sessions_revoked', { userId });
}

/**
 * Disables an account (an administrator's action): its sessions end and its access tokens
 * stop working on the next request, as every request checks the session row.
 */
export async function disableUser(userId: string): Promise<void> {
	const db = await getDb();
	await db
		.update(users)
		.set({ disabledAt: new Date(now()) })
		.where(eq(users.id, userId));
	await revokeAllSessions(userId);
	await logSecurityEvent('account_disabled', { userId });
}
