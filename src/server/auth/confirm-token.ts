import { now } from '../clock';
import type { Database } from '../db/client';
import { emailConfirmations } from '../db/schema/auth';
import { hashToken, randomToken } from './tokens';

// Confirmation links' tokens (src/server/auth/email-confirm.ts says why they exist), apart
// from the queueing there so that the mail composers (./mails.ts) can make one.

/** How long a confirmation link works: long enough for a mail read days later. */
export const CONFIRM_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** Stores a new confirmation token for the account's current address; returns the token. */
export async function createConfirmToken(db: Database, userId: string, email: string) {
	const token = randomToken();
	const at = now();
	await db.insert(emailConfirmations).values({
		tokenHash: hashToken(token),
		userId,
		email,
		createdAt: new Date(at),
		expiresAt: new Date(at + CONFIRM_TTL_MS),
	});
	return token;
}
