import type { StructuredData } from '~/lib/seo';
import { localHref } from '~/lib/locale-resolution';
import type { ViewContext } from './context';

export interface GoneView {
	structuredData: StructuredData;
	/** Where to go instead. */
	links: { href: string; label: string }[];
}

const LINKS = [
	['/', 'nav.home'],
	['/live-matches', 'nav.live'],
	['/fixtures-results', 'nav.fixtures'],
	['/league', 'nav.leagues'],
	['/team', 'nav.teams'],
	['/hot-matches', 'nav.hot'],
] as const;

/** The 410 page of an old address that is gone for good. */
export function goneView(ctx: ViewContext): GoneView {
	const { locale, t } = ctx;
	return {
		structuredData: {
			'@context': 'https://schema.org',
			'@type': 'WebPage',
			name: t('football:deprecated.title'),
		},
		links: LINKS.map(([path, key]) => ({ href: localHref(locale, path), label: t(key) })),
	};
}
