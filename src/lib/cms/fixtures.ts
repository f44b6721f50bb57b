import { MAX_DB_ID } from '../input';
import { dbDate, text } from '../input-schema';
import { z } from '../zod';

/**
 * The console's fixture rules (issue 13): what a match, a team and a competition made or
 * edited by an editor must be. One schema per body, used by the JSON API and (through the
 * `…FromForm` mappers) by the console's plain form posts, so both answer the same 400s.
 */

export const MATCH_STAGES = ['regular', 'group', 'league_phase', 'playoff', 'knockout'] as const;
export const COMPETITION_TYPES = ['league', 'cup', 'tournament'] as const;
export const FIXTURE_ACTIONS = ['postpone', 'cancel', 'restore'] as const;
export type FixtureAction = (typeof FIXTURE_ACTIONS)[number];

/**
 * Statuses from which each action may start: a match that kicked off is abandoned, not
 * postponed; a postponed one is restored to scheduled (its games open again). These agree
 * with the match state machine (lib/football/match-transitions.ts), which the server checks.
 */
export const ACTION_FROM: Record<FixtureAction, readonly string[]> = {
	postpone: ['scheduled'],
	cancel: ['scheduled', 'postponed'],
	restore: ['postponed'],
};
/** Statuses in which teams, season and kick-off may still change. */
export const EDITABLE_STATUSES: readonly string[] = ['scheduled', 'postponed'];

/**
 * True when the runtime's time-zone database knows `zone` (Intl, no list of our own), or it
 * is a fixed offset like the shipped venues' "UTC+3" (server/football/time.ts reads both).
 */
export function isKnownTimeZone(zone: string): boolean {
	if (/^(?:UTC|GMT)(?:[+-]\d{1,2}(?::?\d{2})?)?$/.test(zone)) return true;
	if (!/^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/.test(zone)) return false;
	try {
		new Intl.DateTimeFormat('en-US', { timeZone: zone });
		return true;
	} catch {
		return false;
	}
}

/** A URL slug from a name: accents dropped, lower case, dashes between words. */
export function slugify(name: string): string {
	return name
		.normalize('NFKD')
		.replace(/[\u0300-\u036f]/g, '')
		.toLowerCase()
		.replace(/[^a-z0-9]+/g, '-')
		.replace(/^-+|-+$/g, '')
		.slice(0, 80)
		.replace(/-+$/, '');
}

const id = z.number().int().min(1).max(MAX_DB_ID);
const name = (max: number) =>
	text(max)
		.transform((s) => s.trim())
		.refine((s) => s.length > 0, 'is required');
const slug = z
	.string()
	.max(80)
	.regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'lower-case letters, digits and single dashes only');
const zone = z.string().max(64).refine(isKnownTimeZone, 'is not a time zone this server knows');

/** `POST /api/cms/fixtures` and `PUT /api/cms/fixtures/{id}`. */
export const fixtureBody = z
	.strictObject({
		seasonId: id,
		homeTeamId: id,
		awayTeamId: id,
		round: name(80),
		stage: z.enum(MATCH_STAGES).default('regular'),
		matchday: z.number().int().min(1).max(999).nullable().optional(),
		venueId: id.nullable().optional(),
		kickoffDate: dbDate,
		kickoffTime: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time HH:MM (24 hours)'),
		/** IANA name; left out: the venue's zone when it has one, else UTC. */
		timeZone: zone.optional(),
	})
	.refine((b) => b.homeTeamId !== b.awayTeamId, {
		path: ['awayTeamId'],
		message: 'a team cannot play itself',
	});
export type FixtureBody = z.infer<typeof fixtureBody>;

/** `POST /api/cms/fixtures/{id}/state`. */
export const fixtureStateBody = z.strictObject({ action: z.enum(FIXTURE_ACTIONS) });

/** `POST /api/cms/teams`. The slug defaults to one made from the name. */
export const teamBody = z
	.strictObject({
		name: name(80),
		shortName: name(40).optional(),
		slug: slug.optional(),
		tla: z
			.string()
			.regex(/^[A-Za-z0-9]{3}$/, 'must be three letters or digits')
			.transform((s) => s.toUpperCase())
			.optional(),
		isNational: z.boolean().default(false),
		colourPrimary: z
			.string()
			.regex(/^#[0-9a-fA-F]{6}$/, 'must be a colour #rrggbb')
			.default('#444444'),
		colourSecondary: z
			.string()
			.regex(/^#[0-9a-fA-F]{6}$/, 'must be a colour #rrggbb')
			.default('#ffffff'),
	})
	.transform((b) => ({ ...b, slug: b.slug ?? slugify(b.name), shortName: b.shortName ?? b.name }))
	.refine((b) => b.slug.length > 0, { path: ['slug'], message: 'is required' });
export type TeamBody = z.infer<typeof teamBody>;

/** `POST /api/cms/competitions`: the competition and its first season. */
export const competitionBody = z
	.strictObject({
		name: name(80),
		code: z
			.string()
			.regex(/^[A-Za-z0-9]{2,10}$/, '2 to 10 letters or digits')
			.transform((s) => s.toUpperCase()),
		slug: slug.optional(),
		type: z.enum(COMPETITION_TYPES),
		areaName: name(80),
		areaCode: z
			.string()
			.regex(/^[A-Za-z0-9-]{2,10}$/, '2 to 10 letters, digits or dashes')
			.transform((s) => s.toUpperCase()),
		timeZone: zone,
		seasonLabel: z.string().regex(/^\d{4}(?:[-/]\d{2,4})?$/, 'a year (2026) or two (2026-27)'),
	})
	.transform((b) => ({ ...b, slug: b.slug ?? slugify(b.name) }))
	.refine((b) => b.slug.length > 0, { path: ['slug'], message: 'is required' });
export type CompetitionBody = z.infer<typeof competitionBody>;

/** A form field: trimmed, and absent when empty (so defaults and `optional` apply). */
function field(form: FormData, key: string): string | undefined {
	const v = form.get(key);
	if (typeof v !== 'string') return undefined;
	const s = v.trim();
	return s === '' ? undefined : s;
}
/** Digits become numbers; anything else stays a string so the schema names the field. */
const num = (s: string | undefined) => (s !== undefined && /^\d{1,10}$/.test(s) ? Number(s) : s);

/** A fixture form post as the JSON body it stands for. */
export function fixtureFromForm(form: FormData): Record<string, unknown> {
	const out: Record<string, unknown> = {};
	for (const k of ['seasonId', 'homeTeamId', 'awayTeamId', 'matchday', 'venueId'])
		out[k] = num(field(form, k));
	for (const k of ['round', 'stage', 'kickoffDate', 'kickoffTime', 'timeZone'])
		out[k] = field(form, k);
	if (out['venueId'] === undefined) out['venueId'] = null;
	if (out['matchday'] === undefined) out['matchday'] = null;
	return out;
}

/** A team form post as the JSON body it stands for. */
export function teamFromForm(form: FormData): Record<string, unknown> {
	const out: Record<string, unknown> = { isNational: form.get('isNational') === 'on' };
	for (const k of ['name', 'shortName', 'slug', 'tla', 'colourPrimary', 'colourSecondary'])
		out[k] = field(form, k);
	return out;
}

/** A competition form post as the JSON body it stands for. */
export function competitionFromForm(form: FormData): Record<string, unknown> {
	const out: Record<string, unknown> = {};
	for (const k of [
		'name',
		'code',
		'slug',
		'type',
		'areaName',
		'areaCode',
		'timeZone',
		'seasonLabel',
	])
		out[k] = field(form, k);
	return out;
}

/** The list's filter: `?competition=&from=&to=&page=` (dates are UTC days, inclusive). */
export const fixtureFilter = z.object({
	competition: z.coerce.number().int().min(1).max(MAX_DB_ID).optional(),
	from: dbDate.optional(),
	to: dbDate.optional(),
	page: z.coerce.number().int().min(0).max(10_000).default(0),
});
export type FixtureFilter = z.infer<typeof fixtureFilter>;

/** The filter from a query string; empty parameters mean "any". */
export function parseFixtureFilter(params: URLSearchParams) {
	const raw: Record<string, string> = {};
	for (const k of ['competition', 'from', 'to', 'page']) {
		const v = params.get(k)?.trim();
		if (v) raw[k] = v;
	}
	return fixtureFilter.safeParse(raw);
}
