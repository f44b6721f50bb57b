import { MAX_DB_ID } from './input';

/**
 * Follows as the browser and the API exchange them. Shared by the store (guests keep the
 * list in localStorage) and the server (signed-in visitors keep it in the database), so
 * both sides validate, order and merge the same way. No schema library here: the browser
 * loads this file; the server's zod schema (server/follows/http.ts) is built from the
 * constants below and agrees with `isFollow` (tests/unit/follows/follows-lib.test.ts).
 */
/** Where a guest's follows live in localStorage. */
export const GUEST_FOLLOWS_KEY = 'matchday.follows';

export const FOLLOW_KINDS = ['team', 'competition', 'match'] as const;
export type FollowKind = (typeof FOLLOW_KINDS)[number];

/** More than any fan needs; bounds the body and the "My matches" query. */
export const MAX_FOLLOWS = 100;

export interface Follow {
	kind: FollowKind;
	id: number;
}

/** True for `{ kind, id }` with a known kind and an id that fits the column. */
export function isFollow(value: unknown): value is Follow {
	if (typeof value !== 'object' || value === null) return false;
	const { kind, id } = value as Record<string, unknown>;
	return (
		(FOLLOW_KINDS as readonly unknown[]).includes(kind) &&
		Number.isInteger(id) &&
		(id as number) >= 1 &&
		(id as number) <= MAX_DB_ID
	);
}

export const followKey = (f: Follow): string => `${f.kind}:${f.id}`;

export function sameFollow(a: Follow, b: Follow): boolean {
	return a.kind === b.kind && a.id === b.id;
}

/** The list without repeats (first occurrence wins) and at most MAX_FOLLOWS long. */
export function dedupeFollows(list: readonly Follow[]): Follow[] {
	const seen = new Set<string>();
	const out: Follow[] = [];
	for (const f of list) {
		const key = followKey(f);
		if (seen.has(key)) continue;
		seen.add(key);
		out.push({ kind: f.kind, id: f.id });
		if (out.length === MAX_FOLLOWS) break;
	}
	return out;
}

/**
 * A guest's follows joined to an account's: the account's keep their order, the guest's
 * new ones follow. Nothing is lost unless the cap is reached.
 */
export function mergeFollows(account: readonly Follow[], guest: readonly Follow[]): Follow[] {
	return dedupeFollows([...account, ...guest]);
}

/** Adds or removes one follow. */
export function toggleFollow(list: readonly Follow[], follow: Follow): Follow[] {
	return list.some((f) => sameFollow(f, follow))
		? list.filter((f) => !sameFollow(f, follow))
		: dedupeFollows([...list, follow]);
}

/** Moves one follow up (-1) or down (+1); out-of-range moves change nothing. */
export function moveFollow(list: readonly Follow[], follow: Follow, by: -1 | 1): Follow[] {
	const from = list.findIndex((f) => sameFollow(f, follow));
	const to = from + by;
	if (from < 0 || to < 0 || to >= list.length) return [...list];
	const next = [...list];
	const [item] = next.splice(from, 1);
	next.splice(to, 0, item as Follow);
	return next;
}

/** A stored guest list, tolerating anything (old formats, hand edits): bad input is []. */
export function parseStoredFollows(raw: string | null): Follow[] {
	if (!raw) return [];
	try {
		const parsed: unknown = JSON.parse(raw);
		return Array.isArray(parsed) && parsed.length <= MAX_FOLLOWS && parsed.every(isFollow)
			? dedupeFollows(parsed)
			: [];
	} catch {
		return [];
	}
}

/** A followed item as the account page and the island show it. */
export interface FollowView extends Follow {
	name: string;
	/** Path without the locale prefix (`/team/argentina`). */
	path: string;
}

/** One match of "My matches", compact: what a row needs and nothing personal. */
export interface FollowedMatch {
	id: number;
	path: string;
	kickoffAt: string;
	kickoffTimeKnown: boolean;
	status: string;
	minute: number | null;
	competition: string;
	home: string;
	away: string;
	score: [number, number] | null;
}
