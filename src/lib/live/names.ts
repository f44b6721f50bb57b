/**
 * Names of live matches that reach the browser after the first paint. The live stream is
 * one for every locale and names teams and competitions as the data does; the page hands
 * its island the visitor's names (`LiveNames`, from server/views/names.ts) and a match
 * first met in the stream is named with them here: national teams through
 * `Intl.DisplayNames` (the browser's own), the rest from the page's translations.
 */
import { placeName } from '../football/regions';
import type { LiveTeam } from './match-state';

export interface LiveNames {
	/** BCP 47 tag of the visitor's language. */
	lang: string;
	/** The nations `Intl.DisplayNames` cannot name ("ENG": "England"). */
	nations: Record<string, string>;
	/** Competition names by slug. */
	competitions: Record<string, string>;
}

/** The match with its teams and competition named in the visitor's language. */
export function nameLiveMatch<
	M extends { home: LiveTeam; away: LiveTeam; competition?: { slug: string; name: string } },
>(m: M, names: LiveNames | null | undefined): M {
	if (!names) return m;
	const team = (t: LiveTeam): LiveTeam => {
		const name = t.region ? placeName(t.region, names.lang, names.nations) : null;
		return name ? { ...t, name } : t;
	};
	const competition = m.competition && {
		...m.competition,
		name: names.competitions[m.competition.slug] ?? m.competition.name,
	};
	return { ...m, home: team(m.home), away: team(m.away), ...(competition ? { competition } : {}) };
}
