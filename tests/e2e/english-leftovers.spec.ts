import { type APIRequestContext, expect, test } from '@playwright/test';
import { LOCALES } from '../../src/i18n/locales';
import { liveMatches } from './live-matches';
import { publicPageKinds } from './page-kinds';

// Issue 34: English left in pages of other languages ("Live (demo feed): France v Iraq" on
// German and Turkish pages, "Kader: FIFA World Cup 2026"). The completeness test checks the
// message files; this reads the rendered pages of every locale for words that only English
// has, from a short list of known leftovers. Names stay as they are (a club is not
// translated), so the visible text is read without the team names the API knows. Text
// marked `lang="en"` counts too: the site's own words marked as English were the leftover.

/** English that a page in another language must not show (outside names). */
const LEFTOVERS: RegExp[] = [
	/demo feed/i,
	/demo footage/i,
	/\bSquads?\b/,
	/(?:^|\s)v(?:\s|$)/, // "France v Iraq" (with the names taken out: " v ")
	/\bLive \(/,
	/\bHighlights \(/,
	// Generic competition names: every locale has its own (football:competitions.*).
	/World Cup/,
	/European Championship/,
];

/** Elements whose text is not shown. */
const SKIPPED = new Set(['head', 'script', 'style', 'template', 'svg', 'noscript']);
const VOID = new Set([
	'area',
	'base',
	'br',
	'col',
	'embed',
	'hr',
	'img',
	'input',
	'link',
	'meta',
	'source',
	'track',
	'wbr',
]);

function decode(text: string): string {
	return text
		.replace(/&nbsp;|&#160;/g, ' ')
		.replace(/&#(\d+);/g, (_, n) => String.fromCodePoint(Number(n)))
		.replace(/&#x([\da-f]+);/gi, (_, n) => String.fromCodePoint(Number.parseInt(n, 16)))
		.replace(/&lt;/g, '<')
		.replace(/&gt;/g, '>')
		.replace(/&quot;/g, '"')
		.replace(/&#39;|&apos;/g, "'")
		.replace(/&amp;/g, '&');
}

/**
 * The text a visitor reads, one line per text run: the document's title (the tab), then
 * the body without scripts, styles and hidden elements.
 */
function visibleText(html: string): string {
	const body = html.slice(Math.max(0, html.search(/<body[\s>]/i)));
	const title = /<title[^>]*>([^<]*)<\/title>/i.exec(html)?.[1];
	const out: string[] = title ? [decode(title)] : [];
	// Open elements and whether each is skipped. A closing tag closes up to its own opening
	// one (an implied close, as of a <p>, does not unbalance the rest).
	const open: { name: string; skip: boolean }[] = [];
	const token = /<!--[\s\S]*?-->|<(\/?)([a-zA-Z][\w-]*)((?:"[^"]*"|'[^']*'|[^'">])*)>|([^<]+)/g;
	for (let m = token.exec(body); m; m = token.exec(body)) {
		if (m[4] !== undefined) {
			if (!open.some((e) => e.skip) && m[4].trim())
				out.push(decode(m[4]).replace(/\s+/g, ' ').trim());
			continue;
		}
		if (!m[2]) continue; // a comment
		const name = m[2].toLowerCase();
		if (m[1]) {
			const at = open.findLastIndex((e) => e.name === name);
			if (at >= 0) open.length = at;
			continue;
		}
		const raw = m[3] ?? '';
		if (VOID.has(name) || raw.trimEnd().endsWith('/')) continue;
		const attrs = new Map(
			[...raw.matchAll(/([^\s=/]+)(?:\s*=\s*("[^"]*"|'[^']*'|[^\s>]+))?/g)].map((a) => [
				a[1]!.toLowerCase(),
				(a[2] ?? '').replace(/^["']|["']$/g, ''),
			]),
		);
		open.push({ name, skip: SKIPPED.has(name) || attrs.has('hidden') });
	}
	return out.join('\n');
}

/** The data's team names (clubs keep theirs in every language), longest first. */
async function teamNames(request: APIRequestContext): Promise<string[]> {
	const list = (await (await request.get('/api/v1/competitions')).json()) as {
		competitions: { id: number }[];
	};
	const names = new Set<string>();
	for (const c of list.competitions) {
		const body = await (await request.get(`/api/v1/competitions/${c.id}/standings`)).text();
		for (const m of body.matchAll(/"team":\{[^}]*?"name":"((?:[^"\\]|\\.)*)"/g))
			names.add(JSON.parse(`"${m[1]}"`) as string);
	}
	expect(names.size, 'team names from the API').toBeGreaterThan(20);
	return [...names].sort((a, b) => b.length - a.length);
}

const inLocale = (path: string, locale: string) =>
	path.replace(/^\/[a-z]{2}(?=\/|\?|$)/, `/${locale}`);

const OTHERS = LOCALES.filter((l) => l !== 'en');

test('pages in every other language show none of the known English leftovers', async ({
	request,
}) => {
	test.setTimeout(600_000);
	const names = await teamNames(request);
	const kinds = await publicPageKinds(request);
	const found: string[] = [];
	for (const locale of OTHERS) {
		// A replayed match being played has the demo live stream (its page, and the TV page's
		// player), taken afresh for each locale: a replay lasts a minute and a half.
		const [live] = await liveMatches(request, { before: 70 });
		const pages = [
			`/${locale}/match/${live!.id}\u0000200`,
			`/${locale}/tv?play=live-m${live!.id}\u0000200`,
			...new Set(kinds.map((k) => `${inLocale(k.path, locale)}\u0000${k.status ?? 200}`)),
		];
		for (const entry of pages) {
			const [path, status] = entry.split('\u0000') as [string, string];
			const response = await request.get(path);
			expect(response.status(), path).toBe(Number(status));
			let text = visibleText(await response.text());
			for (const name of names) text = text.replaceAll(name, '');
			for (const line of text.split('\n'))
				for (const word of LEFTOVERS)
					if (word.test(line)) found.push(`${path}: "${line.slice(0, 120)}" (${word.source})`);
		}
	}
	expect(found).toEqual([]);
});
