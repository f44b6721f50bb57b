import { describe, expect, it } from 'vitest';
import {
	localeFromAcceptLanguage,
	localeFromPath,
	localHref,
	pathForLocale,
	resolveLocale,
	stripLocale,
} from '~/lib/locale-resolution';
import { isPageRoot } from '~/lib/routes';

describe('resolveLocale', () => {
	it('prefers the URL prefix over cookie and browser', () => {
		expect(resolveLocale({ pathname: '/de/faq', cookie: 'fr', acceptLanguage: 'it' })).toBe('de');
	});
	it('uses the cookie when there is no prefix', () => {
		expect(resolveLocale({ pathname: '/faq', cookie: 'fr', acceptLanguage: 'it' })).toBe('fr');
		expect(resolveLocale({ pathname: '/', cookie: 'fr', acceptLanguage: 'it' })).toBe('fr');
	});
	it('looks at Accept-Language only on the root path', () => {
		expect(resolveLocale({ pathname: '/', acceptLanguage: 'tr-TR,tr;q=0.9,en;q=0.5' })).toBe('tr');
		expect(resolveLocale({ pathname: '/faq', acceptLanguage: 'tr-TR' })).toBe('en');
	});
	it('ignores an unknown cookie value', () => {
		expect(resolveLocale({ pathname: '/', cookie: '//evil.com', acceptLanguage: 'nl' })).toBe('nl');
		expect(resolveLocale({ pathname: '/faq', cookie: 'xx' })).toBe('en');
	});
	it('defaults to en', () => {
		expect(resolveLocale({ pathname: '/' })).toBe('en');
	});
});

describe('localeFromAcceptLanguage (G3)', () => {
	it('honours q-values and order', () => {
		expect(localeFromAcceptLanguage('ja;q=1, ru;q=0.4, pt-BR;q=0.8')).toBe('pt');
		expect(localeFromAcceptLanguage('de;q=0.5, es;q=0.5')).toBe('de');
	});
	it.each([['*'], [';;q=abc'], ['x'.repeat(8 * 1024)], ['de;q=0'], ['<script>'], ['']])(
		'returns undefined for %s',
		(header) => {
			expect(localeFromAcceptLanguage(header)).toBeUndefined();
		},
	);
	it('reads only the first part of a huge header', () => {
		expect(localeFromAcceptLanguage(`${'zz,'.repeat(3000)}fr`)).toBeUndefined();
		expect(localeFromAcceptLanguage(`fr,${'zz,'.repeat(3000)}`)).toBe('fr');
	});
});

describe('paths', () => {
	it('swaps and strips prefixes', () => {
		expect(pathForLocale('/de/faq', 'fr')).toBe('/fr/faq');
		expect(pathForLocale('/de', 'fr')).toBe('/fr');
		expect(pathForLocale('/faq', 'it')).toBe('/it/faq');
		expect(pathForLocale('/', 'it')).toBe('/it');
		expect(stripLocale('/ru/policy/privacy')).toBe('/policy/privacy');
		expect(stripLocale('/ru')).toBe('/');
		expect(localeFromPath('/energy/en/about')).toBeUndefined();
		expect(localeFromPath('/en/about')).toBe('en');
		expect(localHref('id')).toBe('/id');
		expect(localHref('id', '/faq')).toBe('/id/faq');
	});
	it('never rewrites a locale inside other segments (G1)', () => {
		expect(pathForLocale('/matches/en/123', 'de')).toBe('/de/matches/en/123');
		expect(stripLocale('/matches/en/123')).toBe('/matches/en/123');
	});
});

describe('isPageRoot', () => {
	it('knows our pages and the keyed roots', () => {
		expect(isPageRoot('faq')).toBe(true);
		expect(isPageRoot('')).toBe(true);
		expect(isPageRoot('home-2025-08-16')).toBe(true);
		expect(isPageRoot('most-popular-matches-anything')).toBe(true);
		expect(isPageRoot('home-')).toBe(false);
		expect(isPageRoot('xx')).toBe(false);
		expect(isPageRoot('matches')).toBe(false);
	});
});
