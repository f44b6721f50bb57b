import type { APIContext } from 'astro';
import { describe, expect, it } from 'vitest';
import { themeCookieHeader, themeFromCookie, THEME_COOKIE_MAX_AGE } from '~/lib/theme';
import * as themeRoute from '~/pages/api/theme';
import { cacheKey } from '~/server/cache/route-cache';

const SITE = 'http://matchday.test';

/** Posts the header's theme form to the endpoint, as a browser would. */
async function post(fields: Record<string, string>, method = 'POST'): Promise<Response> {
	const request = new Request(`${SITE}/api/theme`, {
		method,
		headers: { 'content-type': 'application/x-www-form-urlencoded', origin: SITE },
		body: method === 'POST' ? new URLSearchParams(fields) : null,
	});
	const context = { request, url: new URL(request.url) } as APIContext;
	const handler = method === 'POST' ? themeRoute.POST : themeRoute.ALL;
	return handler(context) as Promise<Response>;
}

describe('theme cookie', () => {
	it('names a forced theme only for "light" or "dark"; anything else follows the system', () => {
		expect(themeFromCookie('light')).toBe('light');
		expect(themeFromCookie('dark')).toBe('dark');
		for (const other of [undefined, null, '', 'system', 'DARK', 'dark;x', '<script>'])
			expect(themeFromCookie(other)).toBeUndefined();
	});

	it('remembers light or dark for a year, site-wide, Lax; "system" deletes it', () => {
		expect(themeCookieHeader('dark')).toBe(
			`theme=dark; Max-Age=${THEME_COOKIE_MAX_AGE}; Path=/; SameSite=Lax; HttpOnly`,
		);
		expect(themeCookieHeader('light', true)).toContain('; Secure');
		expect(themeCookieHeader('system')).toMatch(/^theme=; Max-Age=0; Path=\/;/);
	});

	it('keeps pages of each theme apart in the route cache, made-up values sharing one key', () => {
		const system = cacheKey('/en/faq', 'UTC', undefined);
		expect(cacheKey('/en/faq', 'UTC', 'dark')).not.toBe(system);
		expect(cacheKey('/en/faq', 'UTC', 'light')).not.toBe(cacheKey('/en/faq', 'UTC', 'dark'));
		expect(cacheKey('/en/faq', 'UTC', 'purple')).toBe(system);
	});
});

describe('POST /api/theme', () => {
	it('sets the cookie and sends the visitor back to the page they were on', async () => {
		const response = await post({ theme: 'dark', next: '/de/faq?x=1' });
		expect(response.status).toBe(303);
		expect(response.headers.get('location')).toBe('/de/faq?x=1');
		expect(response.headers.get('set-cookie')).toBe(themeCookieHeader('dark'));
	});

	it('"system" clears the choice', async () => {
		const response = await post({ theme: 'system', next: '/en' });
		expect(response.status).toBe(303);
		expect(response.headers.get('set-cookie')).toMatch(/^theme=; Max-Age=0;/);
	});

	it('never sends the visitor off the site', async () => {
		for (const next of ['https://evil.example/', '//evil.example', '/\\evil.example']) {
			const response = await post({ theme: 'light', next });
			expect(response.headers.get('location'), next).toBe('/');
		}
		expect((await post({ theme: 'light' })).headers.get('location')).toBe('/');
	});

	it('refuses an unknown theme with a 400 naming the field, and sets no cookie', async () => {
		const cases: Record<string, string>[] = [{ theme: 'purple', next: '/en' }, { next: '/en' }];
		for (const fields of cases) {
			const response = await post(fields);
			expect(response.status).toBe(400);
			expect(response.headers.get('set-cookie')).toBeNull();
			expect(await response.json()).toMatchObject({ error: 'invalid_request', field: 'theme' });
		}
		const tooLong = await post({ theme: 'dark', next: `/${'a'.repeat(3000)}` });
		expect(tooLong.status).toBe(400);
		expect(await tooLong.json()).toMatchObject({ field: 'next' });
	});

	it('changes nothing on a GET (a link or an image tag)', async () => {
		const response = await post({}, 'GET');
		expect(response.status).toBe(405);
		expect(response.headers.get('set-cookie')).toBeNull();
	});
});
