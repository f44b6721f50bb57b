/**
 * The rows of a raw `db.execute(sql…)` result. The drivers disagree on its shape: PGlite
 * answers `{ rows }`, postgres.js an array; callers should not have to know which.
 */
export function rowsOf<T = Record<string, unknown>>(result: unknown): T[] {
	if (Array.isArray(result)) return result as T[];
	return ((result as { rows?: T[] }).rows ?? []) as T[];
}
