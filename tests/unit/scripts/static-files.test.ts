import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { HSTS, staticFileHeaders, SVG_CSP } from '~/lib/security-headers';
import { pickEncoding, staticFiles } from '../../../scripts/static-files.mjs';

describe('pickEncoding (Accept-Encoding of a static file request)', () => {
	it.each([
		['gzip, deflate, br, zstd', 'br'],
		['gzip', 'gzip'],
		['GZIP', 'gzip'],
		['br;q=0, gzip', 'gzip'],
		['gzip;q=0.5, br;q=0', 'gzip'],
		['*', 'br'],
		['*, br;q=0', 'gzip'],
		['identity', undefined],
		['br;q=0, gzip;q=0', undefined],
		['', undefined],
		[undefined, undefined],
		[';;q=abc,,', undefined],
	])('%j → %j', (header, expected) => {
		expect(pickEncoding(header)).toBe(expected);
	});
});

describe('static files carry the security headers of the one source', () => {
	const dir = mkdtempSync(join(tmpdir(), 'static-'));
	mkdirSync(join(dir, '_astro'));
	writeFileSync(join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
	writeFileSync(join(dir, '_astro', 'app.abc.js'), 'console.log(1)');

	function get(assets: ReturnType<typeof staticFiles>, url: string): Map<string, unknown> {
		const headers = new Map<string, unknown>();
		const res = {
			statusCode: 0,
			setHeader: (name: string, value: unknown) => headers.set(name.toLowerCase(), value),
			end: () => {},
		};
		expect(assets.serve({ method: 'GET', url, headers: {} }, res)).toBe(true);
		return headers;
	}

	it('finding 18: nosniff and CORP on every file, a CSP on SVG; HSTS for an https origin', () => {
		const plain = staticFiles(dir, {
			securityHeaders: (type: string) => staticFileHeaders(type, false),
		});
		const svg = get(plain, '/favicon.svg');
		expect(svg.get('x-content-type-options')).toBe('nosniff');
		expect(svg.get('cross-origin-resource-policy')).toBe('same-origin');
		expect(svg.get('content-security-policy')).toBe(SVG_CSP);
		expect(svg.get('strict-transport-security')).toBeUndefined();
		const js = get(plain, '/_astro/app.abc.js');
		expect(js.get('x-content-type-options')).toBe('nosniff');
		expect(js.get('cross-origin-resource-policy')).toBe('same-origin');
		expect(js.get('content-security-policy')).toBeUndefined();
		// Finding 19: behind a TLS-terminating proxy the origin is https, the socket is not.
		const secure = staticFiles(dir, {
			securityHeaders: (type: string) => staticFileHeaders(type, true),
		});
		expect(get(secure, '/_astro/app.abc.js').get('strict-transport-security')).toBe(HSTS);
	});
});
