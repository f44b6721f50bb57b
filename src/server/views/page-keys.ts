/**
 * Pure helpers the football views share: keys in URLs, dates, pages. No I/O, so they are
 * unit-tested directly (tests/unit/server/views/page-keys.test.ts).
 */
import { isDbDate } from '~/lib/input';

const SLUG_RE = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** True for a real calendar date written YYYY-MM-DD (2025-02-30 is not), 1900-2100. */
export const isIsoDate = isDbDate;

/** True for a lower-case URL slug ("premier-league"). */
export function isSlug(value: string): boolean {
	return value.length <= 100 && SLUG_RE.test(value);
}

export type PageKey =
	| { kind: 'date'; date: string }
	| { kind: 'slug'; slug: string }
	| { kind: 'invalid' };

/** `/home-{key}` and `/most-popular-matches-{key}`: a date, a slug-shaped word, or nothing usable. */
export function parsePageKey(key: string | undefined): PageKey {
	if (!key) return { kind: 'invalid' };
	if (isIsoDate(key)) return { kind: 'date', date: key };
	if (isSlug(key)) return { kind: 'slug', slug: key };
	return { kind: 'invalid' };
}

/** The date `days` after `date` (both YYYY-MM-DD). */
export function addDays(date: string, days: number): string {
	return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** The seven days of the date strip: three before `selected`, `selected`, three after. */
export function dateStrip(selected: string): string[] {
	return [-3, -2, -1, 0, 1, 2, 3].map((d) => addDays(selected, d));
}

/**
 * Every way to cut a head-to-head slug `{a}-vs-{b}` into two team slugs (team slugs may
 * themselves contain "-vs-" in theory, so each occurrence is a candidate).
 */
export function splitH2HSlug(slug: string): [string, string][] {
	if (!isSlug(slug)) return [];
	const out: [string, string][] = [];
	let from = 0;
	for (;;) {
		const at = slug.indexOf('-vs-', from);
		if (at < 0) break;
		const a = slug.slice(0, at);
		const b = slug.slice(at + 4);
		if (a && b && a !== b) out.push([a, b]);
		from = at + 1;
	}
	return out;
}

/** The head-to-head slug of two teams. */
export function h2hSlug(a: string, b: string): string {
	return `${a}-vs-${b}`;
}

/** 1-based page count and clamped page for `total` items. */
export function paginate(
	total: number,
	perPage: number,
	requested: number,
): { page: number; pages: number } {
	const pages = Math.max(1, Math.ceil(total / perPage));
	const page = Number.isInteger(requested) ? Math.min(Math.max(requested, 1), pages) : 1;
	return { page, pages };
}
