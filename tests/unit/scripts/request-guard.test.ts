import { describe, expect, it } from 'vitest';
import { isPlainHost, refusal } from '../../../scripts/request-guard.mjs';

const req = (method: string, url: string, host?: string) => ({
	method,
	url,
	headers: host === undefined ? {} : { host },
});

// Issue 11, finding 8: what the production front refuses before Astro builds a URL.
describe('request guard', () => {
	it('finding 8: TRACE and unknown methods are 405 with Allow', () => {
		for (const method of ['TRACE', 'PROPFIND', 'LOCK', 'CONNECT', 'FOO']) {
			const out = refusal(req(method, '/', 'h'));
			expect(out?.status, method).toBe(405);
			expect(out?.headers?.Allow).toContain('GET');
		}
		for (const method of ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']) {
			expect(refusal(req(method, '/en', 'matchday.example')), method).toBeNull();
		}
	});

	it('finding 8: a Host that could change the routed path is 400', () => {
		for (const host of [
			'site:x@evil.com',
			'127.0.0.1:4400/api/live?',
			'127.0.0.1:4400?x',
			'127.0.0.1:4400#x',
			'evil.com/en',
			'a b',
			'h:port',
			'',
			'x'.repeat(300),
		]) {
			expect(isPlainHost(host), host).toBe(false);
			expect(refusal(req('GET', '/zzz', host))?.status, host).toBe(400);
		}
		expect(refusal(req('GET', '/zzz'))?.status).toBe(400);
		for (const host of [
			'localhost',
			'localhost:4321',
			'127.0.0.1:4400',
			'[::1]:4321',
			'my_app.internal',
		]) {
			expect(isPlainHost(host), host).toBe(true);
		}
	});

	it('finding 8: only origin-form targets; an address that does not decode is 400', () => {
		expect(refusal(req('GET', 'http://evil.com/api/live', 'h'))?.status).toBe(400);
		expect(refusal(req('OPTIONS', '*', 'h'))?.status).toBe(400);
		expect(refusal(req('GET', '/%E0%A4%A', 'h'))?.status).toBe(400);
	});
});
