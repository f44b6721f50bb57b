import { config } from '../config';
import { getDb } from '../db/client';
import { passwordResets } from '../db/schema/auth';
import { now } from '../clock';
import { hashToken, randomToken } from './tokens';

// Apart from reset.ts (which sends mail, and so loads the translations) so that the staff
// command line, which runs under Node without Vite, can issue a set-password link.

/** Minutes a reset link lives (for the mail's wording). */
export function resetMinutes(): number {
	return Math.round(config().RESET_TOKEN_TTL / 60);
}

/** Stores a new one-use reset token (its hash only) and returns the token itself. */
export async function createResetToken(userId: string): Promise<string> {
	const db = await getDb();
	const token = randomToken();
	const at = now();
	await db.insert(passwordResets).values({
		tokenHash: hashToken(token),
		userId,
		createdAt: new Date(at),
		expiresAt: new Date(at + config().RESET_TOKEN_TTL * 1000),
	});
	return token;
}
