/**
 * The rules for untrusted input that reaches the database: strings, ids and dates. Plain
 * functions and constants, so the browser can use them too (no schema library there); the
 * server's zod fields are built from these in ./input-schema.ts. A value PostgreSQL would
 * refuse with an error (a 500) is refused with a 400 naming the field instead.
 */

/** PostgreSQL `text` cannot hold U+0000; a query carrying one fails. */
export const NUL_PROBLEM = 'must not contain a NUL byte';

export function hasNul(value: string): boolean {
	return value.includes('\u0000');
}

/**
 * The first field of a parsed body (JSON value or form entries) whose string holds a NUL,
 * as a dotted path (`email`, `items.0.name`), or null. Keys are checked too.
 */
export function nulField(value: unknown, path = ''): string | null {
	if (typeof value === 'string') return hasNul(value) ? path || '(body)' : null;
	if (value === null || typeof value !== 'object') return null;
	const entries = Array.isArray(value)
		? value.map((v, i) => [String(i), v] as const)
		: Object.entries(value);
	for (const [key, v] of entries) {
		const at = path ? `${path}.${key}` : key;
		if (hasNul(key)) return at;
		const found = nulField(v, at);
		if (found) return found;
	}
	return null;
}

/** Largest value of an `integer` / `serial` column. */
export const MAX_DB_ID = 2_147_483_647;

/** A positive integer id that fits the column (`1`..`2147483647`, digits only), else null. */
export function parseDbId(raw: string | null | undefined): number | null {
	if (typeof raw !== 'string' || !/^[1-9]\d{0,9}$/.test(raw)) return null;
	const n = Number(raw);
	return n <= MAX_DB_ID ? n : null;
}

/** Years a football date may name: far wider than the data, far inside what dates can do. */
export const MIN_YEAR = 1900;
export const MAX_YEAR = 2100;

/** True for a real calendar day `YYYY-MM-DD` between MIN_YEAR and MAX_YEAR. */
export function isDbDate(raw: string): boolean {
	const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(raw);
	if (!m) return false;
	const year = Number(m[1]);
	if (year < MIN_YEAR || year > MAX_YEAR) return false;
	const d = new Date(Date.UTC(year, Number(m[2]) - 1, Number(m[3])));
	return d.toISOString().slice(0, 10) === raw;
}
