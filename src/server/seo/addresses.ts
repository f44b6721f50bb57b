/**
 * Which page an address of a league or team names, and whether that address is the
 * canonical one. The canonical address is built by src/lib/urls.ts (`/league/{slug}`,
 * `/team/{slug}`); every other form that names a known league or team answers 301 to it:
 * the numeric id (`/team/215`, what links and the sitemap used before), `{id}-{slug}`, a
 * capitalised slug, a trailing slash, and `?season=` naming the latest season.
 */
import type { Locale } from '~/i18n/locales';
import { leaguePath, localPath, teamPath } from '~/lib/urls';
import { getDb } from '~/server/db/client';
import { listCompetitions } from '~/server/football/queries/competitions';
import { getTeamDetail, type TeamDetail } from '~/server/football/queries/teams';

const SLUG_RE = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const ID_RE = /^\d{1,9}$/;
/** `215-argentina`: an id with a slug after it (a slug may itself start with digits: `1-fc-koln`). */
const ID_SLUG_RE = /^(\d{1,9})-[a-z0-9-]+$/;
const SEASON_RE = /^\d{4}(-\d{2})?$/;
const MAX_PARAM = 120;

export type Address<T> =
	| { kind: 'page'; value: T }
	/** Answer 301 with this Location (a same-site path). */
	| { kind: 'moved'; location: string }
	| { kind: 'missing' };

/** How a path parameter may name a thing: its slug first, then the id forms. */
function keysOf(param: string | undefined): { slug: string | null; id: number | null } | null {
	if (!param || param.length > MAX_PARAM) return null;
	const lower = param.toLowerCase();
	const slug = SLUG_RE.test(lower) && !ID_RE.test(lower) ? lower : null;
	const id = ID_RE.test(lower) ? Number(lower) : (ID_SLUG_RE.exec(lower)?.[1] ?? null);
	if (slug === null && id === null) return null;
	return { slug, id: id === null ? null : Number(id) };
}

/** `search` without `drop`, as `?a=b` or ''. */
function otherQuery(url: URL, drop: string[]): string {
	const q = new URLSearchParams(url.search);
	for (const name of drop) q.delete(name);
	const s = q.toString();
	return s ? `?${s}` : '';
}

/** The canonical path+query, or where to send the visitor when `url` is not it. */
function settle<T>(
	value: T,
	url: URL,
	locale: Locale,
	canonical: string,
	dropped: string[],
): Address<T> {
	const [path = '', query = ''] = canonical.split('?');
	const expectedPath = localPath(locale, path);
	const givenSeason = url.searchParams.get('season');
	const wantedSeason = query ? new URLSearchParams(query).get('season') : null;
	if (url.pathname === expectedPath && givenSeason === wantedSeason) return { kind: 'page', value };
	const rest = otherQuery(url, dropped);
	const location =
		localPath(locale, canonical) + (rest ? (query ? `&${rest.slice(1)}` : rest) : '');
	return { kind: 'moved', location };
}

export interface LeagueAddress {
	competitionId: number;
	/** The season asked for, or null for the latest. */
	season: string | null;
}

/**
 * `/league/{param}?season=…`: the competition and season to show, a redirect to the
 * canonical address, or missing (404: unknown competition or season, malformed input).
 */
export async function resolveLeagueAddress(
	param: string | undefined,
	url: URL,
	locale: Locale,
): Promise<Address<LeagueAddress>> {
	const keys = keysOf(param);
	const season = url.searchParams.get('season');
	if (!keys || (season !== null && !SEASON_RE.test(season))) return { kind: 'missing' };
	const all = await listCompetitions(await getDb());
	const found =
		(keys.slug !== null ? all.find((c) => c.slug === keys.slug) : undefined) ??
		(keys.id !== null ? all.find((c) => c.id === keys.id) : undefined);
	if (!found) return { kind: 'missing' };
	if (season !== null && !found.seasons.includes(season)) return { kind: 'missing' };
	// The latest season's page is the plain address: `?season=<latest>` would be a duplicate.
	const shown = season !== null && season !== found.seasons[0] ? season : null;
	return settle({ competitionId: found.id, season: shown }, url, locale, leaguePath(found, shown), [
		'season',
	]);
}

/**
 * `/team/{param}`: the team page's data, a redirect to the canonical address, or missing.
 * The data is loaded by slug or id in one query, so the canonical address costs no extra
 * round trip.
 */
export async function resolveTeamAddress(
	param: string | undefined,
	url: URL,
	locale: Locale,
	now = new Date(),
): Promise<Address<TeamDetail>> {
	const keys = keysOf(param);
	if (!keys) return { kind: 'missing' };
	const db = await getDb();
	const detail =
		(keys.slug !== null ? await getTeamDetail(db, keys.slug, now) : undefined) ??
		(keys.id !== null ? await getTeamDetail(db, keys.id, now) : undefined);
	if (!detail) return { kind: 'missing' };
	return settle(detail, url, locale, teamPath(detail.team), []);
}

/**
 * The canonical path of a competition's season page: plain for its latest season (a link
 * with `?season=<latest>` would cost crawlers a redirect), with `?season=` otherwise.
 */
export async function leagueSeasonPath(
	competition: { id: number; slug: string },
	season: string,
): Promise<string> {
	const found = (await listCompetitions(await getDb())).find((c) => c.id === competition.id);
	return leaguePath(competition, found?.seasons[0] === season ? null : season);
}
