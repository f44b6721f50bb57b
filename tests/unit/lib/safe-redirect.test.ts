import { describe, expect, it } from 'vitest';
import { safeRedirect } from '~/lib/safe-redirect';

// Section C of the security checklist: only same-site paths survive; everything else
// falls back, including values that a naive "starts with /" check would accept.
describe('safeRedirect', () => {
	const hostile = [
		'//evil.com',
		'///evil.com',
		'/\\evil.com',
		'\\\\evil.com',
		'\\/evil.com',
		'/\t/evil.com',
		'/%09/evil.com',
		'/%0a/evil.com',
		'\b//evil.com',
		' //evil.com',
		'/..//evil.com',
		'/.//evil.com',
		'/a/../..//evil.com',
		'/%2F%2Fevil.com',
		'/%5Cevil.com',
		'https://evil.com',
		'http:evil.com',
		'javascript:alert(1)',
		'data:text/html,<script>alert(1)</script>',
		'/%0d%0aSet-Cookie:%20x=1',
		`/${'a'.repeat(10 * 1024)}`,
		'/login?next=/login',
		'/de/login?redirect=/x',
		'',
		undefined,
		null,
		42,
	];
	it.each(hostile.map((v) => [v]))('falls back for %j', (value) => {
		expect(safeRedirect(value)).toBe('/');
	});

	it('keeps a legitimate deep link exactly (C5)', () => {
		expect(safeRedirect('/de/match/123?tab=live#events')).toBe('/de/match/123?tab=live#events');
		expect(safeRedirect('/en/account')).toBe('/en/account');
		expect(safeRedirect('/fr/league/12?season=2024-25')).toBe('/fr/league/12?season=2024-25');
	});

	it('uses the given fallback', () => {
		expect(safeRedirect('//evil.com', '/de')).toBe('/de');
	});

	// Accounts (issue 5): more encodings of the same escapes, and the login pages themselves.
	it.each([
		['/%2e%2e//evil.com'],
		['/%2e/%2e%2e//evil.com'],
		['/\u3000//evil.com'],
		['\uFF0F/evil.com'],
		['HTTPS://evil.com'],
		['/cms/login'],
		['/en/cms/login?redirect=/en/cms'],
		['/en/login'],
	])('falls back for %j too', (value) => {
		expect(safeRedirect(value)).toBe('/');
	});

	it('keeps same-site paths whose only oddity is a double-encoded slash', () => {
		expect(safeRedirect('/%252F%252Fevil.com')).toBe('/%252F%252Fevil.com');
		expect(new URL(safeRedirect('/%252F%252Fevil.com'), 'https://site.example').host).toBe(
			'site.example',
		);
	});
});

describe('safeRedirect outside printable ASCII', () => {
	it('finding 7: characters outside Latin-1 (and any non-ASCII) fall back', () => {
		for (const target of ['/。evil.com', '/／／evil.com', '/\u2028x', '/en/ü', '/\u00a0x']) {
			expect(safeRedirect(target, '/'), target).toBe('/');
		}
		// Percent-encoded, the same characters are a plain path of ours.
		expect(safeRedirect('/%E3%80%82evil.com', '/')).toBe('/%E3%80%82evil.com');
	});
});
