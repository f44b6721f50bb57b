/**
 * Sitemaps and the sitemap index validated against the Sitemaps 0.9 XSDs with xmllint
 * (compiled to WebAssembly: `xmllint-wasm`, so no system package is needed). The urlset
 * schema is the protocol's own sitemap.xsd as the `sitemap` package ships it; the index and
 * the xhtml:link (hreflang) schemas are in tests/fixtures/xsd.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { validateXML } from 'xmllint-wasm';

const fixtures = join(process.cwd(), 'tests/fixtures/xsd');
const protocolXsd = join(
	dirname(createRequire(import.meta.url).resolve('sitemap/package.json')),
	'schema/sitemap.xsd',
);

const file = (fileName: string, path: string) => ({
	fileName,
	contents: readFileSync(path, 'utf8'),
});

const URLSET_ENTRY = `<?xml version="1.0" encoding="UTF-8"?>
<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema">
	<xs:import namespace="http://www.sitemaps.org/schemas/sitemap/0.9" schemaLocation="sitemap.xsd"/>
	<xs:import namespace="http://www.w3.org/1999/xhtml" schemaLocation="xhtml-link.xsd"/>
</xs:schema>`;

/** xmllint's errors for one document ('urlset' or 'index'); empty when valid. */
export async function sitemapXsdErrors(
	kind: 'urlset' | 'index',
	name: string,
	xml: string,
): Promise<string[]> {
	const result = await validateXML({
		xml: [{ fileName: 'document.xml', contents: xml }],
		schema:
			kind === 'urlset'
				? [{ fileName: 'urlset-entry.xsd', contents: URLSET_ENTRY }]
				: [file('siteindex.xsd', join(fixtures, 'siteindex.xsd'))],
		preload:
			kind === 'urlset'
				? [
						file('sitemap.xsd', protocolXsd),
						file('xhtml-link.xsd', join(fixtures, 'xhtml-link.xsd')),
					]
				: [],
		// A chunk holds 10,000 URLs with eleven language links each (about 11 MB).
		initialMemoryPages: 4096,
		maxMemoryPages: 32768,
	});
	return result.valid ? [] : result.errors.map((e) => `${name}: ${e.rawMessage}`);
}
