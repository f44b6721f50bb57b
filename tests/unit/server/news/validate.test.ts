import { describe, expect, it } from 'vitest';
import { parseLocalInstant } from '~/server/news/console';
import {
	articleInput,
	checkUpload,
	effectiveState,
	MAX_IMAGE_BYTES,
	sniffImage,
	stateInput,
	transition,
} from '~/server/news/validate';

const en = { title: 'Title', summary: 'Summary', body: 'Body' };
const NOW = new Date('2026-05-01T12:00:00Z');
const LATER = new Date('2026-05-02T12:00:00Z');

describe('article input', () => {
	it('needs English and a clean slug; other locales are optional', () => {
		expect(articleInput.safeParse({ slug: 'cup-final', translations: { en } }).success).toBe(true);
		expect(
			articleInput.safeParse({ slug: 'cup-final', translations: { en, de: en } }).success,
		).toBe(true);
		const noEnglish = articleInput.safeParse({ slug: 'cup-final', translations: { de: en } });
		expect(noEnglish.success).toBe(false);
		expect(noEnglish.error?.issues[0]?.path).toEqual(['translations', 'en']);
		for (const slug of ['Cup', 'cup final', '-cup', 'cup--final', '../x', 'cup/final', ''])
			expect(articleInput.safeParse({ slug, translations: { en } }).success, slug).toBe(false);
	});

	it('refuses unknown locales, empty or blank fields, NUL bytes, too long texts', () => {
		const bad = [
			{ slug: 'a', translations: { en, xx: en } },
			{ slug: 'a', translations: { en: { ...en, title: '   ' } } },
			{ slug: 'a', translations: { en: { ...en, body: 'a\u0000b' } } },
			{ slug: 'a', translations: { en: { ...en, title: 'x'.repeat(201) } } },
			{ slug: 'a', translations: { en: { ...en, body: 'x'.repeat(100_001) } } },
			{ slug: 'a', translations: { en, de: { title: 'only a title' } } },
			{ slug: 'a', image: 'evil.svg', translations: { en } },
			{ slug: 'a', image: '../../etc/passwd', translations: { en } },
		];
		for (const input of bad) expect(articleInput.safeParse(input).success).toBe(false);
		expect(
			articleInput.safeParse({
				slug: 'a',
				image: '0b1e7a52-2f7c-4b8d-9a51-3c1d2e4f5a6b.webp',
				translations: { en },
			}).success,
		).toBe(true);
	});

	it('state changes name an action and an ISO instant', () => {
		expect(stateInput.safeParse({ action: 'publish' }).success).toBe(true);
		expect(stateInput.safeParse({ action: 'delete' }).success).toBe(false);
		expect(
			stateInput.safeParse({ action: 'schedule', publishAt: '2026-05-02T12:00:00Z' }).success,
		).toBe(true);
		expect(stateInput.safeParse({ action: 'schedule', publishAt: 'tomorrow' }).success).toBe(false);
	});
});

describe('state transitions', () => {
	it('publishes a draft, a scheduled or an unpublished article now', () => {
		for (const from of ['draft', 'scheduled', 'unpublished'] as const)
			expect(transition(from, 'publish', NOW)).toEqual({
				ok: true,
				state: 'published',
				publishedAt: NOW,
			});
		expect(transition('published', 'publish', NOW)).toMatchObject({ ok: false, status: 409 });
	});

	it('schedules only for the future and never a published article', () => {
		expect(transition('draft', 'schedule', NOW, LATER)).toEqual({
			ok: true,
			state: 'scheduled',
			publishedAt: LATER,
		});
		expect(transition('draft', 'schedule', NOW, NOW)).toMatchObject({ ok: false, status: 400 });
		expect(transition('draft', 'schedule', NOW)).toMatchObject({ ok: false, status: 400 });
		expect(transition('published', 'schedule', NOW, LATER)).toMatchObject({
			ok: false,
			status: 409,
		});
	});

	it('unpublishes only what is published or scheduled', () => {
		for (const from of ['published', 'scheduled'] as const)
			expect(transition(from, 'unpublish', NOW)).toEqual({
				ok: true,
				state: 'unpublished',
				publishedAt: null,
			});
		for (const from of ['draft', 'unpublished'] as const)
			expect(transition(from, 'unpublish', NOW)).toMatchObject({ ok: false, status: 409 });
	});

	it('a scheduled article whose time has come counts as published', () => {
		expect(effectiveState('scheduled', LATER, NOW)).toBe('scheduled');
		expect(effectiveState('scheduled', NOW, NOW)).toBe('published');
		expect(effectiveState('draft', NOW, LATER)).toBe('draft');
	});

	it('reads a datetime-local value in the browser zone', () => {
		expect(parseLocalInstant('2026-05-01T14:00', -120)?.toISOString()).toBe(
			'2026-05-01T12:00:00.000Z',
		);
		expect(parseLocalInstant('2026-05-01T14:00', 0)?.toISOString()).toBe(
			'2026-05-01T14:00:00.000Z',
		);
		expect(parseLocalInstant('tomorrow', 0)).toBeUndefined();
	});
});

describe('upload checks', () => {
	const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]);
	const jpeg = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 0]);
	const webp = new TextEncoder().encode('RIFF\u0000\u0000\u0000\u0000WEBPVP8 ');

	it('knows PNG, JPEG and WebP by their bytes, not their name', () => {
		expect(sniffImage(png)).toBe('png');
		expect(sniffImage(jpeg)).toBe('jpeg');
		expect(sniffImage(webp)).toBe('webp');
		expect(sniffImage(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg">'))).toBe(
			null,
		);
		expect(sniffImage(new TextEncoder().encode('<html><script>alert(1)</script>'))).toBe(null);
		expect(sniffImage(new TextEncoder().encode('GIF89a'))).toBe(null);
	});

	it('refuses empty, too large and unknown bytes with the right status', () => {
		expect(checkUpload(png)).toEqual({ ok: true, type: 'png' });
		expect(checkUpload(new Uint8Array())).toMatchObject({ ok: false, status: 400 });
		const big = new Uint8Array(MAX_IMAGE_BYTES + 1);
		big.set(png);
		expect(checkUpload(big)).toMatchObject({ ok: false, status: 413 });
		expect(checkUpload(new TextEncoder().encode('<svg/>'))).toMatchObject({
			ok: false,
			status: 415,
		});
	});
});
