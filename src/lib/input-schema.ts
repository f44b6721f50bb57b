import { hasNul, isDbDate, MAX_YEAR, MIN_YEAR, NUL_PROBLEM, parseDbId } from './input';
import { z } from './zod';

/**
 * The zod fields every server boundary (JSON bodies, form posts, path and query parameters)
 * builds its schemas from, made of the plain rules in ./input.ts. Server only: the browser
 * checks with those rules directly and never loads zod (tests/unit/lib/no-zod-in-browser).
 */

/** A string field of at most `max` characters, without NUL (the one refinement for all). */
export function text(max: number) {
	return z
		.string()
		.max(max)
		.refine((s) => !hasNul(s), NUL_PROBLEM);
}

/** zod: an id that fits the column. */
export const dbId = z
	.string()
	.refine((s) => parseDbId(s) !== null, 'must be a positive integer id')
	.transform((s) => parseDbId(s)!);

/** zod: a calendar date `YYYY-MM-DD` within MIN_YEAR..MAX_YEAR. */
export const dbDate = z
	.string()
	.regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date YYYY-MM-DD')
	.refine(isDbDate, `must be a real calendar date YYYY-MM-DD between ${MIN_YEAR} and ${MAX_YEAR}`);
