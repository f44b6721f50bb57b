/**
 * Names in the visitor's language: national teams and areas through `Intl.DisplayNames`
 * (their place code from lib/football/regions.ts), competitions and rounds from the message
 * files (`football:competitions.<slug>`, `football:rounds.*`). Club names stay as they are.
 *
 * The data the views load is cached once for every locale, in English; each view passes it
 * through these functions before it builds anything, so the title, the visible names and
 * the JSON-LD all read the same. English keeps the data's own names ("USA", "Czech
 * Republic", "Korea Republic" are what football calls them); rounds are normalised in every
 * language ("1. Round" reads "Matchday 1").
 */
import { LOCALE_TAGS } from '~/i18n/locales';
import { isDisplayRegion, NAMED_NATIONS, placeName, regionOf } from '~/lib/football/regions';
import type { LiveNames } from '~/lib/live/names';
import { getDb } from '~/server/db/client';
import { nationRegions } from '~/server/football/queries/nations';
import { COMPETITIONS } from '~/server/football/import/sources';
import type { MatchSummary } from '~/server/football/queries/shape';
import type { ViewContext } from './context';

/** Something with a team's id and names (every team shape the queries return). */
interface NamedTeam {
	id: number;
	name: string;
	shortName?: string;
}

export interface Names {
	/** The team with its name (and short name) in the visitor's language. */
	team<T extends NamedTeam>(team: T): T;
	/** The match with its teams, competition and round in the visitor's language. */
	match(m: MatchSummary): MatchSummary;
	/** A live snapshot match (an island's first paint) with its names in the visitor's language. */
	snapshot<M extends LiveNamed>(m: M): M;
	/** A competition's name, by its slug; `fallback` (the data's name) when not translated. */
	competition(slug: string, fallback: string): string;
	/** A competition's name given only its name in the data (head-to-head meetings). */
	competitionNamed(name: string): string;
	/** The competition with its name and its area's name in the visitor's language. */
	competitionRef<C extends { slug: string; name: string; code?: string; areaName?: string }>(
		c: C,
	): C;
	/** An area ("ENG", "EUR", "WLD") or country code's name; `fallback` when unknown. */
	area(code: string, fallback: string): string;
	/** A round label of the data ("Matchday 14", "Finals, Quarterfinals", "Final"). */
	round(round: string): string;
	/** A group's name ("Group C"). */
	group(group: string): string;
}

type Translate = ViewContext['t'];

/** What a live match names (lib/live/match-state.ts). */
interface LiveNamed {
	home: NamedTeam;
	away: NamedTeam;
	competition?: { slug: string; name: string };
}

/** A competition's area code ("ENG", "EUR") by its code: match shapes carry only the area's name. */
const AREA_OF = new Map(COMPETITIONS.map((c) => [c.code, c.areaCode]));
/** A competition's slug by its name in the data (head-to-head meetings carry only the name). */
const SLUG_OF_NAME = new Map(COMPETITIONS.map((c) => [c.name, c.slug]));

/** The message of a recurring round label, or null when the label is not one of them. */
function roundMessage(round: string, t: Translate): string | null {
	const label = round.trim();
	const md = /^(?:(League|Playoffs?),\s*)?Matchday (\d+)$/i.exec(label) ?? null;
	if (md) {
		const key = !md[1] ? 'matchday' : /^league$/i.test(md[1]) ? 'leaguePhase' : 'playoffs';
		return t(`football:rounds.${key}`, { n: md[2] });
	}
	const numbered = /^(\d+)\. Round$/i.exec(label);
	if (numbered) return t('football:rounds.matchday', { n: numbered[1] });
	const stage = label.replace(/^Finals?,\s*/i, '').toLowerCase();
	const key: Record<string, string> = {
		'round of 16': 'roundOf16',
		'round of 32': 'roundOf32',
		'quarter-finals': 'quarterFinals',
		'quarter-final': 'quarterFinals',
		quarterfinals: 'quarterFinals',
		'semi-finals': 'semiFinals',
		'semi-final': 'semiFinals',
		semifinals: 'semiFinals',
		final: 'final',
		'match for third place': 'thirdPlace',
	};
	const k = key[stage];
	return k ? t(`football:rounds.${k}`) : null;
}

/** Names for one visitor, from a map of national teams' place codes by team id. */
export function makeNames(
	ctx: Pick<ViewContext, 'locale' | 't'>,
	nations: ReadonlyMap<number, string>,
): Names {
	const { locale, t } = ctx;
	const tag = LOCALE_TAGS[locale];
	const english = locale === 'en';
	// A page names the same few teams, competitions and rounds many times over.
	const memo = <V>(f: (key: string) => V) => {
		const seen = new Map<string, V>();
		return (key: string): V => {
			if (!seen.has(key)) seen.set(key, f(key));
			return seen.get(key) as V;
		};
	};
	const place = memo((region: string): string | null =>
		isDisplayRegion(region)
			? placeName(region, tag, {})
			: t(`football:nations.${region}`, { defaultValue: '' }) || null,
	);
	const teamName = (id: number): string | null => {
		const region = nations.get(id);
		return region && !english ? place(region) : null;
	};
	const team = <T extends NamedTeam>(tm: T): T => {
		const name = teamName(tm.id);
		if (!name) return tm;
		return tm.shortName === undefined ? { ...tm, name } : { ...tm, name, shortName: name };
	};
	const translated = memo((slug: string) =>
		t(`football:competitions.${slug}`, { defaultValue: '' }),
	);
	const competition = (slug: string, fallback: string) =>
		english ? fallback : translated(slug) || fallback;
	const round = memo((r: string) => roundMessage(r, t) ?? r);
	const group = (g: string) => {
		const m = /^Group (\w+)$/i.exec(g.trim());
		return m ? t('football:rounds.group', { group: m[1] }) : g;
	};
	const area = (code: string, fallback: string) => {
		if (english) return fallback;
		const region = regionOf(code);
		return (region && place(region)) || fallback;
	};
	const competitionRef = <
		C extends { slug: string; name: string; code?: string; areaName?: string },
	>(
		c: C,
	): C => {
		const areaCode = c.code === undefined ? undefined : AREA_OF.get(c.code);
		return {
			...c,
			name: competition(c.slug, c.name),
			...(c.areaName !== undefined && areaCode ? { areaName: area(areaCode, c.areaName) } : {}),
		};
	};
	return {
		team,
		match: (m) => ({
			...m,
			home: team(m.home),
			away: team(m.away),
			competition: competitionRef(m.competition),
			round: round(m.round),
			groupName: m.groupName === null ? null : group(m.groupName),
		}),
		snapshot: (m) => ({
			...m,
			home: team(m.home),
			away: team(m.away),
			...(m.competition
				? {
						competition: {
							...m.competition,
							name: competition(m.competition.slug, m.competition.name),
						},
					}
				: {}),
		}),
		competition,
		competitionNamed: (name) => {
			const slug = SLUG_OF_NAME.get(name);
			return slug ? competition(slug, name) : name;
		},
		competitionRef,
		area,
		round,
		group,
	};
}

/** The visitor's names (one cached lookup of the national teams). */
export async function namesFor(ctx: Pick<ViewContext, 'locale' | 't'>): Promise<Names> {
	return makeNames(ctx, await nationRegions(await getDb()));
}

/**
 * What the browser needs to name live matches first met in the shared live stream
 * (lib/live/names.ts); null in English, which keeps the data's names.
 */
export function liveNames(ctx: Pick<ViewContext, 'locale' | 't'>): LiveNames | null {
	if (ctx.locale === 'en') return null;
	return {
		lang: LOCALE_TAGS[ctx.locale],
		nations: Object.fromEntries(NAMED_NATIONS.map((c) => [c, ctx.t(`football:nations.${c}`)])),
		competitions: Object.fromEntries(
			COMPETITIONS.map((c) => [
				c.slug,
				ctx.t(`football:competitions.${c.slug}`, { defaultValue: c.name }),
			]),
		),
	};
}
