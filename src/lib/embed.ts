import { z } from 'zod';
import { dbId } from './input';

/**
 * The embeddable widgets (`/{locale}/embed/{kind}/…`): which kinds exist, what each one's
 * query string may hold, and the framing rule. Shared by the embed routes, the builder
 * (`/widget`), the middleware and the production front. Pure: no I/O, no configuration.
 */

export const EMBED_KINDS = ['scores', 'match', 'table', 'fixtures', 'form', 'lineup'] as const;
export type EmbedKind = (typeof EMBED_KINDS)[number];

/** Kinds that follow the live stream (their budget is larger: they carry the live script). */
export const LIVE_KINDS: readonly EmbedKind[] = ['scores', 'match'];

export const THEMES = ['auto', 'light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];

/** True for `/{anything}/embed` and below: the only pages other sites may frame. */
export function isEmbedPath(pathname: string): boolean {
	return /^\/[^/]+\/embed(\/|$)/.test(pathname);
}

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
	| { ok: false; field: string; problem: string };

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
		if (key in raw) return { ok: false, field: key, problem: 'must be given once' };
		raw[key] = value;
	}
	let id: string | number | null = null;
	const subjectSchema = EMBED_SUBJECT[kind];
	if (subjectSchema) {
		const s = subjectSchema.safeParse(subject ?? '');
		if (!s.success) return { ok: false, field: 'id', problem: s.error.issues[0]?.message ?? '' };
		id = s.data;
	}
	const q = EMBED_QUERY[kind].safeParse(raw);
	if (!q.success) {
		const issue = q.error.issues[0];
		if (issue?.code === 'unrecognized_keys')
			return { ok: false, field: issue.keys[0] ?? '', problem: 'is not a setting of this widget' };
		return { ok: false, field: String(issue?.path[0] ?? ''), problem: issue?.message ?? '' };
	}
	return { ok: true, query: q.data as EmbedQuery<K>, subject: id };
}

/** The CSP `frame-ancestors` of a page: embeds by anyone (or the listed sites), others by none. */
export function frameAncestors(embed: boolean, allowed: readonly string[]): string {
	if (!embed) return "frame-ancestors 'none'";
	return allowed.length > 0 ? `frame-ancestors ${allowed.join(' ')}` : 'frame-ancestors *';
}

/** The message an embed posts to its host page (the loader resizes the frame with it). */
export const EMBED_MESSAGE = 'matchday:embed-height';
