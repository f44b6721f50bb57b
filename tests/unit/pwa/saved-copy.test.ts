import { describe, expect, it } from 'vitest';
import { isUncachedPath } from '~/lib/pwa';
import { markSavedCopy } from '~/sw/saved-copy';

const PAGE = `<!doctype html><html lang="de-DE"><body><p id="saved-copy" class="saved-copy" hidden data-text="Gespeicherte Kopie vom {{time}}. Du bist offline."></p><main>Spiele</main></body></html>`;

describe('the saved-copy note of pages served offline', () => {
	it('shows the note with the copy’s time in the page’s language', async () => {
		const cached = new Response(PAGE, {
			headers: {
				'content-type': 'text/html; charset=utf-8',
				date: 'Tue, 24 Nov 2026 08:34:24 GMT',
			},
		});
		const html = await (await markSavedCopy(cached))!.text();
		expect(html).not.toContain('hidden data-text');
		expect(html).toContain('role="status"');
		expect(html).toContain('data-saved-at="2026-11-24T08:34:24.000Z"');
		expect(html).toMatch(/Gespeicherte Kopie vom 24\.11\.2026, \d\d:34\. Du bist offline\./);
		expect(html).toContain('<main>Spiele</main>');
	});

	it('leaves anything that is not HTML alone', async () => {
		const json = new Response('{}', { headers: { 'content-type': 'application/json' } });
		expect(await markSavedCopy(json)).toBe(json);
		expect(await markSavedCopy(undefined)).toBeUndefined();
	});
});

describe('paths the worker never caches', () => {
	it('keeps the API, the SSE stream, media and personal pages out', () => {
		for (const path of [
			'/api/live',
			'/api/me/follows',
			'/media/stream/1.m3u8',
			'/crest/7.svg',
			'/en/account',
			'/de/login',
			'/en/payment/result',
			'/en/embed/scores',
			'/news/photo.jpg',
		])
			expect(isUncachedPath(path), path).toBe(true);
		for (const path of ['/en', '/en/team/argentina', '/fr/league/world-cup', '/en/match/7'])
			expect(isUncachedPath(path), path).toBe(false);
	});
});
