/**
 * Issue 28, finding 4: an image larger than the 256 KB body limit of forms goes to its own
 * endpoint with its own 5 MB limit; past that, a 413 JSON the console shows beside the field.
 * Through the outermost middleware (the per-path limit) and the auth middleware, as served.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import * as cmsLoginRoute from '~/pages/api/auth/cms/login';
import * as imagesRoute from '~/pages/api/cms/news/images';
import { MAX_BODY_BYTES, MAX_IMAGE_BYTES } from '~/lib/limits';
import { addStaff } from '~/server/cms/staff';
import { newsMediaDir } from '~/server/news/images';
import { call, db, resetAuthWorld, setupAuthWorld, teardownAuthWorld } from '../auth/helpers';

vi.mock('astro:middleware', () => ({ defineMiddleware: <T>(fn: T) => fn }));
const { requestContext } = await import('~/middleware/request-context');

type Middleware = (context: unknown, next: () => Promise<Response>) => Promise<Response>;

let editor = '';

/** POST `bytes` to `path`: the outer middleware first, then the route as `call` runs it. */
async function post(path: string, bytes: Uint8Array, chunked = false): Promise<Response> {
	const headers: Record<string, string> = {
		authorization: `Bearer ${editor}`,
		'content-type': 'image/jpeg',
	};
	if (!chunked) headers['content-length'] = String(bytes.byteLength);
	const url = new URL(path, 'http://localhost:4321');
	const body = chunked
		? new ReadableStream<Uint8Array>({
				start(controller) {
					for (let at = 0; at < bytes.byteLength; at += 64 * 1024)
						controller.enqueue(bytes.subarray(at, at + 64 * 1024));
					controller.close();
				},
			})
		: bytes;
	const request = new Request(url, { method: 'POST', headers, body, duplex: 'half' } as never);
	const outer = { request, url, locals: {} as Record<string, unknown>, routePattern: path };
	return (requestContext as unknown as Middleware)(outer, async () => {
		// The route sees the same request (the helper builds its own, so it is handed over).
		const route = imagesRoute.POST as never as (ctx: unknown) => Promise<Response>;
		return call(((ctx: { request: Request }) => route({ ...ctx, request })) as never, {
			path,
			headers: { authorization: `Bearer ${editor}` },
		});
	});
}

/** A JPEG of camera noise: barely compressible, so well over 256 KB, like a press photo. */
async function pressPhoto(): Promise<Uint8Array> {
	const jpeg = await sharp({
		create: {
			width: 1200,
			height: 800,
			channels: 3,
			background: '#000',
			noise: { type: 'gaussian', mean: 128, sigma: 40 },
		},
	})
		.jpeg({ quality: 92 })
		.toBuffer();
	return new Uint8Array(jpeg);
}

describe('news image uploads have their own limit', () => {
	beforeAll(async () => {
		await setupAuthWorld({ REDIS_URL: '', MEDIA_DIR: mkdtempSync(join(tmpdir(), 'news-up-')) });
	});
	afterAll(teardownAuthWorld);
	beforeEach(async () => {
		await resetAuthWorld();
		await db().exec('TRUNCATE news_images, cms_audit CASCADE');
		expect(
			(await addStaff({ email: 'up@news.test', role: 'editor', password: 'correct horse battery' }))
				.ok,
		).toBe(true);
		const r = await call(cmsLoginRoute.POST, {
			body: { email: 'up@news.test', password: 'correct horse battery' },
		});
		editor = ((await r.json()) as { data: { token: { access_token: string } } }).data.token
			.access_token;
	});

	it('takes a photo over the 256 KB body limit and stores it re-encoded', async () => {
		const photo = await pressPhoto();
		expect(photo.byteLength).toBeGreaterThan(MAX_BODY_BYTES);
		for (const chunked of [false, true]) {
			const response = await post('/api/cms/news/images', photo, chunked);
			expect(response.status, `chunked: ${chunked}`).toBe(201);
			const { data } = (await response.json()) as { data: { file: string; width: number } };
			expect(data.file).toMatch(/^[0-9a-f-]{36}\.webp$/);
			expect(data.width).toBe(1200);
			const stored = readFileSync(join(newsMediaDir(), data.file));
			expect(stored.subarray(8, 12).toString()).toBe('WEBP');
		}
	});

	it('refuses an image over 5 MB with a 413 JSON naming the limit, declared or streamed', async () => {
		const huge = new Uint8Array(MAX_IMAGE_BYTES + 1);
		huge.set([0xff, 0xd8, 0xff]);
		for (const chunked of [false, true]) {
			const response = await post('/api/cms/news/images', huge, chunked);
			expect(response.status, `chunked: ${chunked}`).toBe(413);
			expect(response.headers.get('content-type')).toMatch(/application\/json/);
			const body = (await response.json()) as Record<string, unknown>;
			expect(body).toMatchObject({ error: 'payload_too_large', limitBytes: MAX_IMAGE_BYTES });
			expect(body.message).toMatch(/5 MB/);
		}
	});

	it('keeps 256 KB for every other route, and a page gets HTML, not raw JSON', async () => {
		const photo = await pressPhoto();
		const api = await post('/api/cms/news', photo);
		expect(api.status).toBe(413);
		expect(await api.json()).toMatchObject({ error: 'payload_too_large' });
		const page = await post('/en/cms/news/new', photo);
		expect(page.status).toBe(413);
		expect(page.headers.get('content-type')).toMatch(/text\/html/);
		expect(await page.text()).toMatch(/Back/);
	});
});
