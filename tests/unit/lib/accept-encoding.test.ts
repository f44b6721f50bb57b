import { describe, expect, it } from 'vitest';
import { pickEncoding as front } from '../../../scripts/static-files.mjs';
import { pickEncoding } from '../../../src/lib/accept-encoding';

const HEADERS = [
	undefined,
	'',
	'gzip',
	'br',
	'gzip, deflate, br',
	'GZIP, BR',
	'br;q=0, gzip',
	'br;q=0, gzip;q=0',
	'*',
	'*;q=0',
	'identity',
	'deflate',
	'gzip;q=0.5, br;q=0.1',
	'br;q=0.0, *',
	' gzip ; q=1 ',
];

describe('pickEncoding', () => {
	it('prefers brotli, respects q=0 and the wildcard', () => {
		expect(pickEncoding('gzip, deflate, br')).toBe('br');
		expect(pickEncoding('br;q=0, gzip')).toBe('gzip');
		expect(pickEncoding('br;q=0, gzip;q=0')).toBeUndefined();
		expect(pickEncoding('*')).toBe('br');
		expect(pickEncoding('br;q=0.0, *')).toBe('gzip');
		expect(pickEncoding('identity')).toBeUndefined();
		expect(pickEncoding(null)).toBeUndefined();
	});

	it("gives the same answer as the front's copy for static files", () => {
		for (const header of HEADERS) expect(pickEncoding(header), String(header)).toBe(front(header));
	});
});
