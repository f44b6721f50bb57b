import { describe, expect, it } from 'vitest';
import { badRequest, etagMatches, jsonResponse } from '~/server/football/api/http';
import {
	dateParam,
	idParam,
	param,
	seasonParam,
	timeZoneParam,
} from '~/server/football/api/params';

describe('API plumbing', () => {
	it('answers 304 to a matching If-None-Match, 200 with ETag and Cache-Control otherwise', async () => {
		const first = jsonResponse({ a: 1 }, { maxAge: 60 });
		expect(first.status).toBe(200);
		const etag = first.headers.get('etag')!;
		expect(etag).toMatch(/^"[\w-]+"$/);
		expect(first.headers.get('cache-control')).toContain('max-age=60');
		expect(first.headers.get('content-type')).toContain('application/json');
		const again = jsonResponse({ a: 1 }, { ifNoneMatch: `W/${etag}, "other"` });
		expect(again.status).toBe(304);
		expect(await again.text()).toBe('');
		expect(jsonResponse({ a: 2 }, { ifNoneMatch: etag }).status).toBe(200);
		expect(etagMatches('*', etag)).toBe(true);
	});

	it('400 names the parameter', async () => {
		const r = badRequest('season', 'must be a season');
		expect(r.status).toBe(400);
		expect(await r.json()).toEqual({
			error: 'bad_request',
			message: 'Invalid parameter "season": must be a season',
		});
	});

	it('validates parameters', () => {
		expect(param('id', '12', idParam)).toEqual({ ok: true, value: 12 });
		for (const bad of ['0', '-1', 'abc', '1.5', '99999999999', "1' OR 1=1"]) {
			expect(param('id', bad, idParam).ok).toBe(false);
		}
		expect(param('id', undefined, idParam, true)).toMatchObject({
			ok: false,
			param: 'id',
			message: 'is required',
		});
		expect(param('date', '2025-02-30', dateParam).ok).toBe(false);
		expect(param('date', '2025-02-28', dateParam)).toEqual({ ok: true, value: '2025-02-28' });
		expect(param('season', '2024-25', seasonParam).ok).toBe(true);
		expect(param('season', '24/25', seasonParam).ok).toBe(false);
		expect(param('tz', 'Europe/Berlin', timeZoneParam).ok).toBe(true);
		expect(param('tz', 'Mars/Olympus', timeZoneParam).ok).toBe(false);
	});
});
