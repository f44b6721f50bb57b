import { LOCALES } from '~/i18n/locales';
import { contentPaths } from '../content/entries';
import { liveNewsPaths } from '../content/news';
import { streamSitemapPaths } from '../streams/catalogue';
import { footballPaths } from '../football/sitemap';
import { footballListPaths } from '../football/sitemap';

/** Something that knows a set of public, unprefixed page paths ('/faq', '/team/12'). */
export type SitemapSource = () => Promise<string[]>;

/** Paths per sitemap file; each path becomes ten URLs, one per locale. */
export const PATHS_PER_FILE = 1000;

const shellPaths: SitemapSource = async () => ['/', '/live-matches', '/hot-matches', '/pricing'];

/**
 * THE list of sitemap sources. A feature that adds public pages adds one source here;
 * nothing else about the sitemap changes.
 */
export const SITEMAP_SOURCES: Record<string, SitemapSource> = {
	site: shellPaths,
	content: contentPaths,
	// Console articles, read live: a publish is in the next sitemap request.
	articles: liveNewsPaths,
	football: footballPaths,
	lists: footballListPaths,
	streams: streamSitemapPaths,
};

/** The files of the sitemap index: one or more chunks per source. */
export async function sitemapFiles(): Promise<{ source: string; page: number }[]> {
	const files: { source: string; page: number }[] = [];
	for (const [source, list] of Object.entries(SITEMAP_SOURCES)) {
		// A source with no pages yet (no article published) has no file: an empty <urlset>
		// is invalid against the Sitemaps XSD.
		const count = Math.ceil((await list()).length / PATHS_PER_FILE);
		for (let page = 1; page <= count; page++) files.push({ source, page });
	}
	return files;
}

const escapeXml = (s: string) =>
	s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The sitemap index document. */
export async function sitemapIndexXml(origin: string): Promise<string> {
	const entries = (await sitemapFiles())
		.map(
			({ source, page }) =>
				`<sitemap><loc>${escapeXml(`${origin}/sitemap-${source}-${page}.xml`)}</loc></sitemap>`,
		)
		.join('');
	return `<?xml version="1.0" encoding="UTF-8"?><sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${entries}</sitemapindex>`;
}

/** One chunk of a source: every path in every locale, with hreflang alternates. */
export async function sitemapChunkXml(
	origin: string,
	source: string,
	page: number,
): Promise<string | undefined> {
	const list = SITEMAP_SOURCES[source];
	if (!list || !Number.isInteger(page) || page < 1) return undefined;
	const paths = (await list()).slice((page - 1) * PATHS_PER_FILE, page * PATHS_PER_FILE);
	if (paths.length === 0) return undefined;
	const href = (locale: string, path: string) =>
		escapeXml(`${origin}/${locale}${path === '/' ? '' : path}`);
	const urls = paths
		.flatMap((path) => {
			const alternates =
				LOCALES.map(
					(l) => `<xhtml:link rel="alternate" hreflang="${l}" href="${href(l, path)}"/>`,
				).join('') +
				`<xhtml:link rel="alternate" hreflang="x-default" href="${href('en', path)}"/>`;
			return LOCALES.map((l) => `<url><loc>${href(l, path)}</loc>${alternates}</url>`);
		})
		.join('');
	return `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">${urls}</urlset>`;
}
