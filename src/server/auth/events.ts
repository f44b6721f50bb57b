import { getDb } from '../db/client';
import { securityEvents } from '../db/schema/auth';
import { now } from '../clock';

export type SecurityEventKind =
	| 'refresh_reuse'
	| 'login_rate_limited'
	| 'password_changed'
	| 'password_reset'
	| 'sessions_revoked'
	| 'account_deleted'
	| 'account_disabled'
	| 'cms_idle_timeout'
	| 'totp_rate_limited';

/**
 * Records a security event (never a token or password) and writes one log line, so reuse
 * of a refresh token or a lockout can be audited.
 */
export async function logSecurityEvent(
	kind: SecurityEventKind,
	ids: { userId?: string | null; sessionId?: string | null },
	detail: Record<string, unknown> = {},
): Promise<void> {
	console.warn(`[security] ${kind} user=${ids.userId ?? '-'} session=${ids.sessionId ?? '-'}`);
	const db = await getDb();
	await db.insert(securityEvents).values({
		kind,
		userId: ids.userId ?? null,
		sessionId: ids.sessionId ?? null,
		detail,
		createdAt: new Date(now()),
	});
}
