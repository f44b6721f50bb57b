/**
 * The client's half of idempotent writes (issue 28): one key per intent (a click, a form as
 * rendered), sent again on every automatic retry of that intent, so a retry after a lost
 * answer gets the first answer instead of writing twice. The server keeps the answers
 * (src/server/http/idempotency.ts). Pure: the browser and the server both use it.
 */

/** The header a script sends the key in. */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

/** The hidden field a plain form sends the key in (JavaScript off). */
export const IDEMPOTENCY_FIELD = 'idempotencyKey';

/** What a key may be: 8 to 100 letters, digits, dots, colons, dashes or underscores. */
export const IDEMPOTENCY_KEY = /^[A-Za-z0-9_.:-]{8,100}$/;

/**
 * A fresh key: 128 random bits (getRandomValues works on plain http too, where randomUUID
 * does not), in the header's alphabet.
 */
export function newIdempotencyKey(): string {
	const bytes = crypto.getRandomValues(new Uint8Array(16));
	return `c-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}
