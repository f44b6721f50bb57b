import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { expect, test } from '@playwright/test';
import { raw } from './raw-http';

// The route cache, through the production server front (scripts/serve.mjs): hits carry the
// same security headers as a fresh render, personal requests never see a cached page, and
// the language cookie is still remembered on a hit.
// A page no live change invalidates (tag `content`): the replay feed keeps invalidating lists
// and match pages while these run, which would turn an expected hit into a miss.
const PAGE = '/en/faq';

test('a public page is served from the cache with its security headers', async ({ request }) => {
	const headers = { Cookie: 'i18n_redirected=en' };
	const first = await request.get(PAGE, { headers });
	expect(first.status()).toBe(200);
	const second = await request.get(PAGE, { headers });
	expect(second.headers()['x-cache']).toBe('HIT');
	expect(await second.text()).toBe(await first.text());
	for (const name of [
		'content-security-policy',
		'x-content-type-options',
		'referrer-policy',
		'cross-origin-opener-policy',
	]) {
		expect(second.headers()[name], name).toBe(first.headers()[name]);
	}
	expect(second.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
	expect(second.headers()['x-route-cache']).toBeUndefined();
});

test('a request with an auth cookie is never answered from the cache', async ({ request }) => {
	await request.get(PAGE, { headers: { Cookie: 'i18n_redirected=en' } });
	const personal = await request.get(PAGE, {
		headers: { Cookie: 'i18n_redirected=en; auth.access=forged' },
	});
	expect(personal.status()).toBe(200);
	expect(personal.headers()['x-cache']).not.toBe('HIT');
	// The cache's internal marker never reaches a visitor, cached or not.
	expect(personal.headers()['x-route-cache']).toBeUndefined();
});

test('a cache hit in another language still saves the language cookie', async ({ request }) => {
	await request.get('/de/faq', { headers: { Cookie: 'i18n_redirected=de' } });
	const hit = await request.get('/de/faq', { headers: { Cookie: 'i18n_redirected=en' } });
	expect(hit.status()).toBe(200);
	expect(hit.headers()['x-cache']).toBe('HIT');
	expect(hit.headers()['set-cookie'] ?? '').toContain('i18n_redirected=de');
});

test('a visit with no cookie at all (a crawler, a first visit) is a hit too, and gets the language cookie', async ({
	baseURL,
}) => {
	await raw(baseURL!, '/fr/faq', { Cookie: 'i18n_redirected=fr' });
	const crawler = await raw(baseURL!, '/fr/faq', { 'User-Agent': 'Googlebot/2.1' });
	expect(crawler.status).toBe(200);
	expect(crawler.headers['x-cache']).toBe('HIT');
	expect(crawler.headers['set-cookie']).toEqual([
		'i18n_redirected=fr; Max-Age=31536000; Path=/; SameSite=Lax',
	]);
	expect(crawler.body.toString()).toContain('lang="fr');
	// A returning visitor whose cookie already says so is not sent it again.
	const back = await raw(baseURL!, '/fr/faq', { Cookie: 'i18n_redirected=fr' });
	expect(back.headers['x-cache']).toBe('HIT');
	expect(back.headers['set-cookie']).toBeUndefined();
});

test('different time zones get different cached pages', async ({ request }) => {
	const berlin = await request.get(PAGE, {
		headers: { Cookie: 'i18n_redirected=en; tz=Europe/Berlin' },
	});
	const again = await request.get(PAGE, {
		headers: { Cookie: 'i18n_redirected=en; tz=Europe/Berlin' },
	});
	expect(berlin.status()).toBe(200);
	expect(again.headers()['x-cache']).toBe('HIT');
	const tokyo = await request.get(PAGE, {
		headers: { Cookie: 'i18n_redirected=en; tz=Asia/Tokyo' },
	});
	expect(tokyo.headers()['x-cache']).not.toBe('HIT');
});

test('each theme gets its own cached page, rendered in that theme', async ({ request }) => {
	const get = (theme: string) =>
		request.get(PAGE, { headers: { Cookie: `i18n_redirected=en; theme=${theme}` } });
	for (const theme of ['dark', 'light']) {
		await get(theme);
		const hit = await get(theme);
		expect(hit.headers()['x-cache'], theme).toBe('HIT');
		expect(await hit.text(), theme).toContain(`data-theme="${theme}"`);
	}
	// No choice (or a made-up one): the page follows the system, no data-theme.
	await request.get(PAGE, { headers: { Cookie: 'i18n_redirected=en' } });
	const system = await request.get(PAGE, { headers: { Cookie: 'i18n_redirected=en; theme=x' } });
	expect(system.headers()['x-cache']).toBe('HIT');
	expect(await system.text()).not.toContain('data-theme=');
});

test('malformed cookies never crash the server (the front falls back to Astro)', async ({
	request,
}) => {
	await request.get(PAGE, { headers: { Cookie: 'i18n_redirected=en' } });
	for (const cookie of [
		'i18n_redirected=%E0%A4%A',
		'tz=%',
		'i18n_redirected=en; tz=%ZZ',
		'auth.=%',
		`i18n_redirected=${'%'.repeat(5000)}`,
	]) {
		const response = await request.get(PAGE, { headers: { Cookie: cookie } });
		expect(response.status(), cookie).toBe(200);
	}
	// Still alive and still serving hits.
	const hit = await request.get(PAGE, { headers: { Cookie: 'i18n_redirected=en' } });
	expect(hit.headers()['x-cache']).toBe('HIT');
});

test('a cached page goes out compressed to browsers that take it, the same page once decoded', async ({
	baseURL,
}) => {
	const cookie = { Cookie: 'i18n_redirected=en' };
	await raw(baseURL!, PAGE, cookie);
	// Copies are made off the event loop just after the page is stored: wait for them.
	const hitWith = async (encoding: string) => {
		for (let i = 0; i < 50; i++) {
			const r = await raw(baseURL!, PAGE, { ...cookie, 'Accept-Encoding': encoding });
			if (r.headers['x-cache'] === 'HIT' && r.headers['content-encoding'] === encoding) return r;
			await new Promise((resolve) => setTimeout(resolve, 50));
		}
		throw new Error(`no ${encoding} hit`);
	};
	const br = await hitWith('br');
	const gz = await hitWith('gzip');
	const plain = await raw(baseURL!, PAGE, cookie);
	expect(plain.headers['x-cache']).toBe('HIT');
	expect(plain.headers['content-encoding']).toBeUndefined();
	expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
	expect(gunzipSync(gz.body).equals(plain.body)).toBe(true);
	expect(br.body.length * 3).toBeLessThan(plain.body.length);
	expect(Number(br.headers['content-length'])).toBe(br.body.length);
	for (const r of [br, gz, plain]) expect(r.headers['vary']).toContain('Accept-Encoding');
	// Security headers travel with the compressed copy too.
	expect(br.headers['content-security-policy']).toBe(plain.headers['content-security-policy']);
});
