import { z } from './zod';
import { EMBED_KINDS, type EmbedKind, THEMES } from './embed';
import { dbId } from './input-schema';

/**
 * What the widgets' addresses and the builder's form may hold, validated with zod (the
 * routes answer a bad one with a small 400 message naming the field).
 */

const slug = z
	.string()
	.regex(/^[a-z0-9][a-z0-9-]{0,99}$/, 'must be a slug (lower-case letters, digits, dashes)');

/** How every widget looks: `theme` and `accent` (six hex digits, no `#`). */
const look = {
	theme: z.enum(THEMES, { error: 'must be auto, light or dark' }).default('auto'),
	accent: z
		.string()
		.regex(/^[0-9a-fA-F]{6}$/, 'must be six hex digits (e.g. 0b7a3e), without #')
		.transform((s) => s.toLowerCase())
		.optional(),
};

/** The query string of each kind. Unknown parameters are refused (a 400 naming them). */
export const EMBED_QUERY = {
	scores: z
		.strictObject({ ...look, competition: slug.optional(), team: slug.optional() })
		.refine((q) => !(q.competition && q.team), {
			message: 'give a competition or a team, not both',
			path: ['team'],
		}),
	match: z.strictObject(look),
	lineup: z.strictObject(look),
	table: z.strictObject({
		...look,
		season: z
			.string()
			.regex(/^\d{4}(-\d{2})?$/, 'must be a season such as 2024-25 or 2026')
			.optional(),
		group: z
			.string()
			.max(40)
			.regex(/^[\p{L}\p{N} -]+$/u, 'must be a group name')
			.optional(),
		team: slug.optional(),
	}),
	fixtures: z
		.strictObject({ ...look, competition: slug.optional(), team: slug.optional() })
		.refine((q) => Boolean(q.competition) !== Boolean(q.team), {
			message: 'give either a competition or a team',
			path: ['team'],
		}),
	form: z.strictObject(look),
} satisfies Record<EmbedKind, z.ZodType>;

/** The path parameter of the kinds that have one: a match id, a competition or team slug. */
export const EMBED_SUBJECT: Partial<Record<EmbedKind, z.ZodType<string | number>>> = {
	match: dbId,
	lineup: dbId,
	table: slug,
	form: slug,
};

export type EmbedQuery<K extends EmbedKind> = z.output<(typeof EMBED_QUERY)[K]>;

export type EmbedParse<K extends EmbedKind> =
	| { ok: true; query: EmbedQuery<K>; subject: string | number | null }
	/** 404 for a path that names nothing (`/embed/match/nope`), 400 for a bad setting. */
	| { ok: false; status: 400 | 404; field: string; problem: string };

/**
 * Validates an embed's subject and query string. Repeated parameters are refused (one value
 * each), so a URL means one thing and one cache entry.
 */
export function parseEmbed<K extends EmbedKind>(
	kind: K,
	subject: string | undefined,
	params: URLSearchParams,
): EmbedParse<K> {
	const raw: Record<string, string> = {};
	for (const [key, value] of params) {
		if (key in raw) return { ok: false, status: 400, field: key, problem: 'must be given once' };
		raw[key] = value;
	}
	let id: string | number | null = null;
	const subjectSchema = EMBED_SUBJECT[kind];
	if (subjectSchema) {
		const s = subjectSchema.safeParse(subject ?? '');
		if (!s.success)
			return { ok: false, status: 404, field: 'id', problem: s.error.issues[0]?.message ?? '' };
		id = s.data;
	}
	const q = EMBED_QUERY[kind].safeParse(raw);
	if (!q.success) {
		const issue = q.error.issues[0];
		if (issue?.code === 'unrecognized_keys')
			return {
				ok: false,
				status: 400,
				field: issue.keys[0] ?? '',
				problem: 'is not a setting of this widget',
			};
		return {
			ok: false,
			status: 400,
			field: String(issue?.path[0] ?? ''),
			problem: issue?.message ?? '',
		};
	}
	return { ok: true, query: q.data as EmbedQuery<K>, subject: id };
}

/**
 * The builder's choices (`/widget?kind=…`): shareable as a plain GET form. The builder
 * page and its script both turn them into the widget's address with `embedPath`.
 */
export const builderQuery = z.strictObject({
	kind: z
		.enum(EMBED_KINDS, { error: `must be one of ${EMBED_KINDS.join(', ')}` })
		.default('lineup'),
	match: z
		.string()
		.regex(/^\d{1,10}$/, 'must be a match id')
		.optional(),
	competition: z.union([slug, z.literal('')]).optional(),
	team: z.union([slug, z.literal('')]).optional(),
	season: z
		.union([z.string().regex(/^\d{4}(-\d{2})?$/, 'must be a season'), z.literal('')])
		.optional(),
	group: z.string().max(40).optional(),
	lang: z
		.string()
		.regex(/^[a-z]{2}$/, 'must be a language code')
		.optional(),
	theme: look.theme,
	// <input type=color> sends "#rrggbb".
	accent: z
		.string()
		.regex(/^#?[0-9a-fA-F]{6}$/, 'must be a colour such as #0b7a3e')
		.transform((s) => s.replace('#', '').toLowerCase())
		.optional(),
	width: z.coerce.number().int().min(200).max(1600).default(480),
});
export type BuilderChoice = z.output<typeof builderQuery>;
