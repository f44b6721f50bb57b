import { randomBytes } from 'node:crypto';
import { and, desc, eq, gt, isNull, ne } from 'drizzle-orm';
import { config } from '../config';
import { getDb } from '../db/client';
import { refreshTokens, sessions, users, type SessionRow, type UserRow } from '../db/schema/auth';
import { now } from '../clock';
import { logSecurityEvent } from './events';
import { hashToken, randomToken, successorOf } from './tokens';
import { onAuthChange, publishAuthChange, vouch } from './vouches';

export type SessionKind = 'web' | 'cms';

/**
 * Refresh-token concurrency policy (checklist B3): a token is single use. When two requests
 * present the same token at once (two tabs), the first rotates it; a duplicate that arrives
 * within REFRESH_GRACE_MS of that rotation, for the IMMEDIATE predecessor of a successor
 * that has not been used yet, receives that same successor (so there is never more than one
 * live token per family). Any other reuse revokes the whole family.
 */
export const REFRESH_GRACE_MS = 5000;

/** How long a positive session check may be reused without asking the database. */
const CHECK_CACHE_MS = 2000;

export interface NewSession {
	sessionId: string;
	refreshToken: string;
	/** Absolute end of the family (ms). */
	expiresAt: number;
}

/** Opens a session (a refresh family) for a user who just proved who they are. */
export async function createSession(
	userId: string,
	kind: SessionKind,
	meta: { userAgent?: string; ip?: string } = {},
): Promise<NewSession> {
	const db = await getDb();
	const at = now();
	const sessionId = randomBytes(18).toString('base64url');
	const refreshToken = randomToken();
	// Staff sessions are shorter than visitors' (checklist E): CMS_SESSION_HOURS at most.
	const ttl = Math.min(
		config().REFRESH_FAMILY_TTL,
		kind === 'cms' ? config().CMS_SESSION_HOURS * 3600 : Number.POSITIVE_INFINITY,
	);
	const expiresAt = at + ttl * 1000;
	await db.transaction(async (tx) => {
		await tx.insert(sessions).values({
			id: sessionId,
			userId,
			kind,
			createdAt: new Date(at),
			expiresAt: new Date(expiresAt),
			lastUsedAt: new Date(at),
			userAgent: (meta.userAgent ?? '').slice(0, 300),
			ip: (meta.ip ?? '').slice(0, 64),
		});
		await tx.insert(refreshTokens).values({
			tokenHash: hashToken(refreshToken),
			sessionId,
			createdAt: new Date(at),
		});
	});
	return { sessionId, refreshToken, expiresAt };
}

export type RotateResult =
	| {
			ok: true;
			userId: string;
			sessionId: string;
			kind: SessionKind;
			refreshToken: string;
			expiresAt: number;
	  }
	| { ok: false };

/** Exchanges a refresh token for its successor, following the policy above. */
export async function rotateRefreshToken(presented: string): Promise<RotateResult> {
	if (presented.length < 20 || presented.length > 200) return { ok: false };
	const db = await getDb();
	const at = now();
	const presentedHash = hashToken(presented);
	const successor = successorOf(presented);
	const successorHash = hashToken(successor);

	// The winner marks the token used and stores its successor in one transaction; a
	// concurrent duplicate blocks on the row lock and then finds it used.
	const won = await db.transaction(async (tx) => {
		const rows = await tx
			.update(refreshTokens)
			.set({ usedAt: new Date(at), successorHash })
			.where(and(eq(refreshTokens.tokenHash, presentedHash), isNull(refreshTokens.usedAt)))
			.returning({ sessionId: refreshTokens.sessionId });
		const row = rows[0];
		if (!row) return null;
		await tx.insert(refreshTokens).values({
			tokenHash: successorHash,
			sessionId: row.sessionId,
			createdAt: new Date(at),
		});
		return row.sessionId;
	});

	if (won) {
		const session = await liveSession(won, at);
		if (!session) return { ok: false };
		await db
			.update(sessions)
			.set({ lastUsedAt: new Date(at) })
			.where(eq(sessions.id, won));
		return {
			ok: true,
			userId: session.userId,
			sessionId: won,
			kind: session.kind as SessionKind,
			refreshToken: successor,
			expiresAt: session.expiresAt.getTime(),
		};
	}

	const [used] = await db
		.select()
		.from(refreshTokens)
		.where(eq(refreshTokens.tokenHash, presentedHash));
	if (!used) return { ok: false }; // never issued by us: nothing to revoke

	const [next] = used.successorHash
		? await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, used.successorHash))
		: [];
	const inGrace =
		used.usedAt !== null &&
		at - used.usedAt.getTime() <= REFRESH_GRACE_MS &&
		next !== undefined &&
		next.usedAt === null &&
		used.successorHash === successorHash;
	const session = await liveSession(used.sessionId, at);
	if (inGrace && session) {
		return {
			ok: true,
			userId: session.userId,
			sessionId: session.id,
			kind: session.kind as SessionKind,
			refreshToken: successor,
			expiresAt: session.expiresAt.getTime(),
		};
	}
	// Reuse of a spent token: someone else may hold the family. End it.
	if (session) {
		await revokeSession(session.id);
		await logSecurityEvent('refresh_reuse', { userId: session.userId, sessionId: session.id });
	}
	return { ok: false };
}

/**
 * A session that still counts (not revoked, not past its absolute end) with its user, who
 * is not disabled: the one query behind refreshes and per-request checks.
 */
async function liveSessionWithUser(sessionId: string, at: number) {
	const db = await getDb();
	const row = await sessionWithUser(sessionId, at);
	if (row?.auth_sessions.kind !== 'cms') return row;
	// A staff session ends after CMS_IDLE_MINUTES without a request (checklist E). Each
	// check that finds it alive counts as use; the write happens at most once a minute.
	const last = row.auth_sessions.lastUsedAt.getTime();
	if (at - last > config().CMS_IDLE_MINUTES * 60_000) {
		await revokeSession(sessionId);
		await logSecurityEvent('cms_idle_timeout', { userId: row.users.id, sessionId });
		return undefined;
	}
	if (at - last > IDLE_TOUCH_MS)
		await db
			.update(sessions)
			.set({ lastUsedAt: new Date(at) })
			.where(eq(sessions.id, sessionId));
	return row;
}

/** How stale `last_used_at` may get before a check writes it again (idle timeout). */
const IDLE_TOUCH_MS = 60_000;

async function sessionWithUser(sessionId: string, at: number) {
	const db = await getDb();
	const [row] = await db
		.select()
		.from(sessions)
		.innerJoin(users, eq(users.id, sessions.userId))
		.where(
			and(
				eq(sessions.id, sessionId),
				isNull(sessions.revokedAt),
				gt(sessions.expiresAt, new Date(at)),
				isNull(users.disabledAt),
			),
		);
	return row;
}

async function liveSession(sessionId: string, at: number): Promise<SessionRow | undefined> {
	return (await liveSessionWithUser(sessionId, at))?.auth_sessions;
}

const checkCache = new Map<string, { user: UserRow; kind: SessionKind; until: number }>();

/**
 * The per-request check behind every access token: the session is live (not revoked, not
 * past its absolute end), the user is not disabled, and the token's version is current.
 * Positive answers are cached for two seconds; revocations here clear the cache at once.
 */
export async function checkSession(
	sessionId: string,
	userId: string,
	version: number,
): Promise<{ user: UserRow; kind: SessionKind } | null> {
	const at = now();
	const cached = checkCache.get(sessionId);
	if (
		cached &&
		cached.until > at &&
		cached.user.id === userId &&
		cached.user.tokenVersion === version
	) {
		return { user: cached.user, kind: cached.kind };
	}
	checkCache.delete(sessionId);
	const row = await liveSessionWithUser(sessionId, at);
	// The token must belong to the session's user and carry the user's current version.
	if (!row || row.users.id !== userId || row.users.tokenVersion !== version) return null;
	const kind = row.auth_sessions.kind as SessionKind;
	if (checkCache.size > 10_000) checkCache.clear();
	checkCache.set(sessionId, { user: row.users, kind, until: at + CHECK_CACHE_MS });
	// The front may now answer this site session's page views from memory (vouches.ts).
	if (kind === 'web') vouch(sessionId, userId, version, row.auth_sessions.expiresAt.getTime(), at);
	return { user: row.users, kind };
}

// Revocations made by another process reach this one through the bus: its briefly cached
// checks must not outlive them either. A plan change too: the cached row carries the plan
// the pages and `/api/me` show (a grant or a payment would otherwise show up to 2 s late).
onAuthChange((change) => {
	if (change.t === 'session') checkCache.delete(change.id);
	else forgetCachedChecks(change.id);
});

function forgetCachedChecks(userId: string): void {
	for (const [id, entry] of checkCache) if (entry.user.id === userId) checkCache.delete(id);
}

/** Forgets cached session checks (after a profile change, so the next page sees it). */
export function forgetSessionChecks(userId?: string): void {
	if (!userId) {
		checkCache.clear();
		return;
	}
	forgetCachedChecks(userId);
}

/**
 * Every session of `userId` ended or its tokens lost their version (password reset, account
 * deleted): every process forgets what it knew. Call after the change committed.
 */
export async function announceUserRevoked(userId: string): Promise<void> {
	await publishAuthChange({ t: 'user', id: userId });
}

/** Ends one session: its refresh family and its access tokens stop working at once. */
export async function revokeSession(sessionId: string): Promise<void> {
	const db = await getDb();
	await db
		.update(sessions)
		.set({ revokedAt: new Date(now()) })
		.where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
	await publishAuthChange({ t: 'session', id: sessionId });
}

/**
 * The session a refresh token belongs to (used or not), so a logout can end a session whose
 * access token has already expired. Null for an unknown token.
 */
export async function sessionOfRefreshToken(
	presented: string,
): Promise<{ id: string; kind: SessionKind } | null> {
	if (presented.length < 20 || presented.length > 200) return null;
	const db = await getDb();
	const [row] = await db
		.select({ id: sessions.id, kind: sessions.kind })
		.from(refreshTokens)
		.innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
		.where(eq(refreshTokens.tokenHash, hashToken(presented)))
		.limit(1);
	return row ? { id: row.id, kind: row.kind as SessionKind } : null;
}

/** Ends one of the user's own sessions; false when it is not theirs. */
export async function revokeOwnSession(userId: string, sessionId: string): Promise<boolean> {
	const db = await getDb();
	const rows = await db
		.update(sessions)
		.set({ revokedAt: new Date(now()) })
		.where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), isNull(sessions.revokedAt)))
		.returning({ id: sessions.id });
	if (rows.length > 0) await publishAuthChange({ t: 'session', id: sessionId });
	return rows.length > 0;
}

/** Ends every session of a user, optionally keeping one (the one making the change). */
export async function revokeAllSessions(userId: string, keep?: string): Promise<void> {
	const db = await getDb();
	const conditions = [eq(sessions.userId, userId), isNull(sessions.revokedAt)];
	if (keep) conditions.push(ne(sessions.id, keep));
	await db
		.update(sessions)
		.set({ revokedAt: new Date(now()) })
		.where(and(...conditions));
	await announceUserRevoked(userId);
}

export interface SessionSummary {
	id: string;
	kind: SessionKind;
	createdAt: string;
	lastUsedAt: string;
	userAgent: string;
	current: boolean;
}

/** The user's live sessions, newest first, for the account page. */
export async function listSessions(userId: string, currentId?: string): Promise<SessionSummary[]> {
	const db = await getDb();
	const rows = await db
		.select()
		.from(sessions)
		.where(
			and(
				eq(sessions.userId, userId),
				isNull(sessions.revokedAt),
				gt(sessions.expiresAt, new Date(now())),
			),
		)
		.orderBy(desc(sessions.lastUsedAt))
		.limit(100);
	return rows.map((s) => ({
		id: s.id,
		kind: s.kind as SessionKind,
		createdAt: s.createdAt.toISOString(),
		lastUsedAt: s.lastUsedAt.toISOString(),
		userAgent: s.userAgent,
		current: s.id === currentId,
	}));
}
