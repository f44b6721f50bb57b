import { describe, expect, it } from 'vitest';
import { pickEncoding } from '../../../scripts/static-files.mjs';

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
