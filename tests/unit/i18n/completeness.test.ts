import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_LOCALE, LOCALES } from '~/i18n/locales';

/**
 * Every locale must carry every key of every namespace, no extra keys, and a real
 * translation: a value identical to English is only allowed when it is language-neutral
 * (brand names, abbreviations, placeholders, numbers) or listed below with a reason.
 */
const UI = join(process.cwd(), 'locales');

/** Values that are legitimately the same as English in some languages. */
const SAME_AS_ENGLISH_OK = new Set([
	'Matchday',
	'RSS',
	'RSS feed',
	'TV',
	'FAQ',
	'Live',
	'Online',
	'Offline',
	'Email',
	'E-mail',
	'Stop',
	'Start',
	'Premium',
	'Standard',
	'Menu',
	'Support',
	'Guides',
	'Contact',
	'Login',
	// Italian and Dutch say "account" too (the header's short label on phones).
	'Account',
	'Home',
	'Status',
	'Info',
	'Sport',
	'Form',
	'Team',
	'Teams',
	'Replay',
	'Highlights',
	'Video',
	'Ok',
	'OK',
	'News',
	'Pass',
	'Stream',
	'Streams',
	'Match',
	'Matches',
	'Total',
	'Minimum',
	'Maximum',
	'Normal',
	'Final',
	'Finale',
	'Cookies',
	'Hot matches',
	'Spoiler',
	'Site',
	'Disclaimer',
	// Status abbreviations in lists, the same letters in the Romance languages.
	'Canc.',
	'Aband.',
	// Proper names (football:nations, football:competitions): the same in many languages.
	'England',
	'Wales',
	'DR Congo',
	'Premier League',
	'La Liga',
	'Bundesliga',
	'Serie A',
	'Ligue 1',
	'Eredivisie',
	'Primeira Liga',
	'Süper Lig',
	'UEFA Champions League',
]);

function flatten(obj: unknown, prefix = ''): Record<string, string> {
	const out: Record<string, string> = {};
	if (obj && typeof obj === 'object') {
		for (const [k, v] of Object.entries(obj as Record<string, unknown>)) {
			const key = prefix ? `${prefix}.${k}` : k;
			if (v && typeof v === 'object') Object.assign(out, flatten(v, key));
			else out[key] = String(v);
		}
	}
	return out;
}

function load(locale: string, ns: string): Record<string, string> {
	return flatten(JSON.parse(readFileSync(join(UI, locale, `${ns}.json`), 'utf8')));
}

/** Language-neutral: only placeholders, digits, punctuation, symbols, URLs or e-mail. */
function isNeutral(value: string): boolean {
	const stripped = value
		.replace(/\{\{\s*\w+\s*\}\}/g, '')
		.replace(/[\w.+-]+@[\w.-]+/g, '')
		.replace(/https?:\/\/\S+/g, '');
	return !/\p{L}{3,}/u.test(stripped);
}

const namespaces = readdirSync(join(UI, DEFAULT_LOCALE))
	.filter((f) => f.endsWith('.json'))
	.map((f) => f.replace(/\.json$/, ''));

describe('translations', () => {
	it('has at least the common namespace', () => {
		expect(namespaces).toContain('common');
	});

	for (const ns of namespaces) {
		const english = load(DEFAULT_LOCALE, ns);
		for (const locale of LOCALES.filter((l) => l !== DEFAULT_LOCALE)) {
			describe(`${ns} in ${locale}`, () => {
				it('exists', () => {
					expect(existsSync(join(UI, locale, `${ns}.json`)), `${locale}/${ns}.json`).toBe(true);
				});
				it('has exactly the English keys', () => {
					const keys = Object.keys(load(locale, ns)).sort();
					expect(keys).toEqual(Object.keys(english).sort());
				});
				it('translates every value that is not language-neutral', () => {
					const messages = load(locale, ns);
					const untranslated = Object.entries(english)
						.filter(([key, value]) => messages[key] === value)
						.filter(([, value]) => !isNeutral(value) && !SAME_AS_ENGLISH_OK.has(value))
						.map(([key]) => key);
					expect(untranslated).toEqual([]);
				});
				it('keeps the same placeholders', () => {
					const messages = load(locale, ns);
					const placeholders = (s: string) => (s.match(/\{\{\s*\w+\s*\}\}/g) ?? []).sort().join();
					const broken = Object.entries(english)
						.filter(
							([key, value]) =>
								key in messages && placeholders(value) !== placeholders(messages[key]!),
						)
						.map(([key]) => key);
					expect(broken).toEqual([]);
				});
			});
		}
	}
});

describe('content collections', () => {
	const CONTENT = join(process.cwd(), 'src/content');
	const list = (dir: string): string[] =>
		existsSync(dir)
			? readdirSync(dir, { withFileTypes: true }).flatMap((d) =>
					d.isDirectory()
						? list(join(dir, d.name))
						: d.name.endsWith('.md')
							? [join(dir, d.name)]
							: [],
				)
			: [];
	for (const collection of ['pages', 'guides', 'news']) {
		it(`${collection}: every English entry exists in every locale, and is translated`, () => {
			const englishDir = join(CONTENT, collection, DEFAULT_LOCALE);
			const entries = list(englishDir).map((f) => relative(englishDir, f));
			expect(entries.length).toBeGreaterThan(0);
			const missing: string[] = [];
			const copies: string[] = [];
			for (const locale of LOCALES.filter((l) => l !== DEFAULT_LOCALE)) {
				for (const entry of entries) {
					const file = join(CONTENT, collection, locale, entry);
					if (!existsSync(file)) missing.push(`${locale}/${entry}`);
					else if (readFileSync(file, 'utf8') === readFileSync(join(englishDir, entry), 'utf8')) {
						copies.push(`${locale}/${entry}`);
					}
				}
			}
			expect(missing).toEqual([]);
			expect(copies).toEqual([]);
		});
	}
});
