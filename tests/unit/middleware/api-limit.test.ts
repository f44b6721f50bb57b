import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setClockForTests } from '~/server/clock';
import { resetConfigForTests } from '~/server/config';
import { apiLimiter } from '~/server/limits/api';

vi.mock('astro:middleware', () => ({ defineMiddleware: <T>(fn: T) => fn }));
const { apiLimit } = await import('~/middleware/api-limit');

type Handler = (context: unknown, next: () => Promise<Response>) => Promise<Response>;
const limit = apiLimit as unknown as Handler;

function contextFor(path: string, clientAddress: string) {
	const request = new Request(`http://127.0.0.1${path}`);
	return { request, url: new URL(request.url), clientAddress };
}
const handler = async () => new Response('{"data":[]}', { status: 200 });
const get = (path: string, address = '203.0.113.9') => limit(contextFor(path, address), handler);

// Issue 28/7: the public API had no limit at all.
describe('public API rate limit per client', () => {
	let at = Date.UTC(2026, 0, 1);
	beforeEach(() => {
		process.env.API_PER_CLIENT_PER_MINUTE = '5';
		resetConfigForTests();
		apiLimiter.clear();
		at = Date.UTC(2026, 0, 1);
		setClockForTests(() => at);
	});
	afterEach(() => {
		delete process.env.API_PER_CLIENT_PER_MINUTE;
		resetConfigForTests();
		setClockForTests();
	});

	it('answers 429 with Retry-After and the API error body past the setting', async () => {
		const statuses: number[] = [];
		for (let i = 0; i < 6; i++) statuses.push((await get('/api/v1/matches')).status);
		expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
		const refused = await get('/api/v1/competitions');
		expect(refused.status).toBe(429);
		expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
		expect(refused.headers.get('content-type')).toMatch(/^application\/json/);
		expect(await refused.json()).toMatchObject({
			error: 'rate_limited',
			message: expect.any(String),
		});
	});

	it('counts each client apart, refills with time, and leaves the rest of the site alone', async () => {
		for (let i = 0; i < 5; i++) await get('/api/v1/matches');
		expect((await get('/api/v1/matches')).status).toBe(429);
		expect((await get('/api/v1/matches', '203.0.113.10')).status).toBe(200);
		// "My matches" for a follows list shares the client's budget; pages and the rest do not.
		expect((await get('/api/follows/matches')).status).toBe(429);
		expect((await get('/api/me/follows')).status).toBe(200);
		expect((await get('/en')).status).toBe(200);
		at += 12_000; // 5 a minute: one request back every 12 s
		expect((await get('/api/v1/matches')).status).toBe(200);
		expect((await get('/api/v1/matches')).status).toBe(429);
	});

	it('is generous by default: 600 requests in a burst from one address pass', async () => {
		delete process.env.API_PER_CLIENT_PER_MINUTE;
		resetConfigForTests();
		for (let i = 0; i < 600; i++)
			expect((await get('/api/v1/matches', '127.0.0.1')).status).toBe(200);
		expect((await get('/api/v1/matches', '127.0.0.1')).status).toBe(429);
	});
});
