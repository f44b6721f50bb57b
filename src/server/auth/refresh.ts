import { grantFor, type Grant } from './issue';
import { rotateRefreshToken } from './sessions';
import { findUserById } from './users';

/**
 * Exchanges a refresh token for new tokens (see the rotation policy in sessions.ts).
 * Null means 401: unknown, spent, revoked or past the family's absolute lifetime.
 */
export async function refresh(refreshToken: string): Promise<Grant | null> {
	const rotated = await rotateRefreshToken(refreshToken);
	if (!rotated.ok) return null;
	const user = await findUserById(rotated.userId);
	if (!user || user.disabledAt !== null) return null;
	return grantFor(user, rotated.sessionId, rotated.kind, rotated.refreshToken, rotated.expiresAt);
}
