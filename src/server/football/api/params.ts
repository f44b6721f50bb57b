import { z } from 'zod';
import { parseDbId } from '~/lib/input';
import { dbDate, dbId } from '~/lib/input-schema';
import { isValidTimeZone } from '../time';

/**
 * zod schemas of the API's parameters. Each one reads a single raw string (or undefined)
 * so the error can name the parameter.
 */
/** Ids and dates share one parser with every page (src/lib/input.ts): in column range. */
export const idParam = dbId;

/** A competition may be named by id or slug; all digits means an id, so it must fit. */
export const idOrSlugParam = z
	.string()
	.max(100, 'must be an id or a slug')
	.regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'must be an id or a slug')
	.refine((s) => !/^\d+$/.test(s) || parseDbId(s) !== null, 'must be a positive integer id');

export const dateParam = dbDate;

export const seasonParam = z
	.string()
	.regex(/^\d{4}(?:-\d{2})?$/, 'must be a season such as 2024-25 or 2026');

export const statusParam = z.enum(['all', 'live', 'fixtures', 'results'], {
	error: 'must be one of all, live, fixtures, results',
});

export const timeZoneParam = z
	.string()
	.max(64, 'must be an IANA time zone such as Europe/Berlin')
	.refine(isValidTimeZone, 'must be an IANA time zone such as Europe/Berlin');

export type ParamResult<T> = { ok: true; value: T } | { ok: false; param: string; message: string };

/** Parses one parameter; undefined stays undefined unless `required`. */
export function param<T>(
	name: string,
	raw: string | null | undefined,
	schema: z.ZodType<T, string>,
	required = false,
): ParamResult<T | undefined> {
	if (raw == null || raw === '') {
		return required
			? { ok: false, param: name, message: 'is required' }
			: { ok: true, value: undefined };
	}
	const parsed = schema.safeParse(raw);
	if (!parsed.success)
		return { ok: false, param: name, message: parsed.error.issues[0]?.message ?? 'is invalid' };
	return { ok: true, value: parsed.data };
}
