import { z } from 'zod';
import { MAX_EMAIL_CHARS } from '~/lib/auth-validation';
import { text } from '~/lib/input-schema';

/**
 * E-mail addresses are compared in one canonical form: Unicode NFC, trimmed, lower-cased.
 * Lower-casing the local part too is what users expect (` User@Example.COM ` is the same
 * person as `user@example.com`); no major provider hands out case-distinct mailboxes.
 */
export function normaliseEmail(raw: string): string {
	return raw.normalize('NFC').trim().toLowerCase();
}

/** An e-mail field from a form or JSON body, normalised; RFC 5321 caps it at 254. */
export const emailField = text(320).transform(normaliseEmail).pipe(z.email().max(MAX_EMAIL_CHARS));
