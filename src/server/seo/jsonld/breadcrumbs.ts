import type { BreadcrumbList } from 'schema-dts';
import type { Locale } from '~/i18n/locales';
import { absoluteUrl } from '~/lib/urls';

/** One level of a breadcrumb trail: its label and canonical unprefixed path. */
export interface Crumb {
	name: string;
	path: string;
}

/**
 * A BreadcrumbList as Google reads it: positions from 1, each level with its name and the
 * absolute URL of its page (the last one too: it is the page itself).
 */
export function breadcrumbLd(crumbs: Crumb[], origin: string, locale: Locale): BreadcrumbList {
	return {
		'@type': 'BreadcrumbList',
		itemListElement: crumbs.map((c, i) => ({
			'@type': 'ListItem',
			position: i + 1,
			name: c.name,
			item: absoluteUrl(origin, locale, c.path),
		})),
	};
}
