import type { StructuredData } from '~/lib/seo';
import { localHref } from '~/lib/locale-resolution';
import { localDate } from '~/lib/time-zone';
import { getDb } from '~/server/db/client';
import { liveMatchesNow, matchesForDay } from '~/server/football/queries/matches';
import { listSports } from '~/server/football/queries/sports';
import { itemListLd } from '~/server/seo/jsonld/lists';
import type { ViewContext } from './context';
import { getLeagueListView, type LeagueListView } from './league-page';

export interface SportListView {
	structuredData: StructuredData;
	sports: {
		name: string;
		href: string;
		/** The id of the sport's heading, for the section's label ("sport-football"). */
		headingId: string;
		/** "Live now: 3", "Today: 14", "Competitions: 12". */
		facts: string[];
		/** Where a fan goes from here: live, today, fixtures, leagues, teams, highlights. */
		links: { href: string; label: string; current: boolean }[];
	}[];
	/** The competitions by area, as on `/league`. */
	areas: LeagueListView['areas'];
}

/**
 * `/sport`: the sports the site covers (football only, so far) as a hub: what is on now
 * and today, the ways in, and every competition, instead of a one-item list.
 */
export async function getSportListView(ctx: ViewContext): Promise<SportListView> {
	const { locale, t, origin } = ctx;
	const now = new Date();
	const db = await getDb();
	const [live, today, leagues] = await Promise.all([
		liveMatchesNow(db, { now }),
		matchesForDay(db, { date: localDate(now, ctx.timeZone), timeZone: ctx.timeZone, now }),
		getLeagueListView(ctx),
	]);
	const count = (groups: readonly { matches: readonly unknown[] }[]) =>
		groups.reduce((n, g) => n + g.matches.length, 0);
	const competitions = leagues.areas.reduce((n, a) => n + a.competitions.length, 0);
	const link = (path: string, key: string) => ({
		href: localHref(locale, path),
		label: t(key),
		current: false,
	});
	const sports = listSports();
	return {
		structuredData: itemListLd(
			t('football:sport.heading'),
			sports.map((s) => ({ name: t(s.nameKey), url: `${origin}/${locale}/sport/${s.slug}` })),
		),
		sports: sports.map((s) => ({
			name: t(s.nameKey),
			href: localHref(locale, `/sport/${s.slug}`),
			headingId: `sport-${s.slug}`,
			facts: [
				t('football:sport.liveNow', { n: count(live.groups) }),
				t('football:sport.today', { n: count(today.groups) }),
				t('football:sport.competitions', { n: competitions }),
			],
			links: [
				link('/live-matches', 'common:nav.live'),
				link(`/sport/${s.slug}`, 'football:sport.todayLink'),
				link('/fixtures-results', 'common:nav.fixtures'),
				link('/league', 'common:nav.leagues'),
				link('/team', 'common:nav.teams'),
				link('/highlight', 'common:nav.highlights'),
			],
		})),
		areas: leagues.areas,
	};
}
