import type { StructuredData } from '~/lib/seo';
import { localHref } from '~/lib/locale-resolution';
import { listSports } from '~/server/football/queries/sports';
import type { ViewContext } from './context';
import { itemListLd } from '~/server/seo/jsonld/lists';

export interface SportListView {
	structuredData: StructuredData;
	sports: { name: string; href: string }[];
}

/** `/sport`: the sports the site covers. */
export function getSportListView(ctx: ViewContext): SportListView {
	const { locale, t, origin } = ctx;
	const sports = listSports();
	return {
		structuredData: itemListLd(
			t('football:sport.heading'),
			sports.map((s) => ({ name: t(s.nameKey), url: `${origin}/${locale}/sport/${s.slug}` })),
		),
		sports: sports.map((s) => ({
			name: t(s.nameKey),
			href: localHref(locale, `/sport/${s.slug}`),
		})),
	};
}
