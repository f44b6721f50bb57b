import { brotliDecompressSync, constants, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { compressResponse } from '../../../../src/server/front/compress';

const page = `<!doctype html><html><body>${'<p>Arsenal 2–1 Chelsea</p>'.repeat(200)}</body></html>`;

function request(acceptEncoding?: string, method = 'GET'): Request {
	return new Request('http://x/en/live-matches', {
		method,
		headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
	});
}

function html(body: BodyInit | null = page, headers: Record<string, string> = {}, status = 200) {
	return new Response(body, {
		status,
		headers: { 'content-type': 'text/html; charset=utf-8', ...headers },
	});
}

async function bytes(response: Response): Promise<Buffer> {
	return Buffer.from(await response.arrayBuffer());
}

describe('compressResponse', () => {
	it('sends a page in brotli or gzip as accepted, the same text once decoded', async () => {
		const br = compressResponse(request('gzip, deflate, br'), html());
		expect(br.headers.get('content-encoding')).toBe('br');
		expect(br.headers.get('vary')).toMatch(/Accept-Encoding/);
		const packed = await bytes(br);
		expect(packed.length).toBeLessThan(Buffer.byteLength(page) / 5);
		expect(brotliDecompressSync(packed).toString()).toBe(page);

		const gz = compressResponse(request('gzip'), html());
		expect(gz.headers.get('content-encoding')).toBe('gzip');
		expect(gunzipSync(await bytes(gz)).toString()).toBe(page);
	});

	it('keeps the status, cookies and other headers', async () => {
		const original = html(page, { 'cache-control': 'no-store', 'x-thing': '1' }, 404);
		original.headers.append('set-cookie', 'a=1; Path=/');
		original.headers.append('set-cookie', 'b=2; Path=/');
		const out = compressResponse(request('br'), original);
		expect(out.status).toBe(404);
		expect(out.headers.get('x-thing')).toBe('1');
		expect(out.headers.getSetCookie()).toEqual(['a=1; Path=/', 'b=2; Path=/']);
		expect(out.headers.get('content-length')).toBeNull();
	});

	it('flushes what a streaming page wrote before it pauses', async () => {
		let later: (() => void) | undefined;
		const stream = new ReadableStream<Uint8Array>({
			async start(controller) {
				controller.enqueue(
					new TextEncoder().encode('<!doctype html><head><title>x</title></head>'),
				);
				await new Promise<void>((resolve) => {
					later = resolve;
				});
				controller.enqueue(new TextEncoder().encode('<body>rest</body>'));
				controller.close();
			},
		});
		const out = compressResponse(request('gzip'), html(stream));
		const reader = out.body!.getReader();
		// The head arrives, decodable, while the page is still waiting (without the flush on a
		// pause this read would wait for the rest and the test would time out).
		const received: Buffer[] = [];
		const decoded = () =>
			gunzipSync(Buffer.concat(received), { finishFlush: constants.Z_SYNC_FLUSH }).toString();
		while (!decoded().includes('<title>x</title>')) {
			const { value } = await reader.read();
			received.push(Buffer.from(value!));
		}
		expect(decoded()).not.toContain('rest');
		later?.();
		const rest = received;
		for (;;) {
			const { done, value } = await reader.read();
			if (done) break;
			rest.push(Buffer.from(value));
		}
		expect(gunzipSync(Buffer.concat(rest)).toString()).toContain('<body>rest</body>');
	});

	it('a page that fails half-way, or a reader that leaves, ends the answer and nothing else', async () => {
		const uncaught: unknown[] = [];
		const note = (error: unknown) => uncaught.push(error);
		process.on('uncaughtException', note);
		try {
			const failing = new ReadableStream<Uint8Array>({
				async start(controller) {
					controller.enqueue(new TextEncoder().encode(page));
					await new Promise((resolve) => setTimeout(resolve, 5));
					controller.error(new Error('the page failed'));
				},
			});
			const out = compressResponse(request('br'), html(failing));
			await expect(out.arrayBuffer()).rejects.toThrow();

			let more: ReadableStreamDefaultController<Uint8Array> | undefined;
			const endless = new ReadableStream<Uint8Array>({
				start(controller) {
					more = controller;
					controller.enqueue(new TextEncoder().encode(page));
				},
			});
			const left = compressResponse(request('gzip'), html(endless));
			const reader = left.body!.getReader();
			await reader.read();
			await reader.cancel('the client left');
			try {
				more?.enqueue(new TextEncoder().encode(page));
			} catch {
				// Cancelled: the page's writes may be refused, which is fine.
			}
			await new Promise((resolve) => setTimeout(resolve, 20));
		} finally {
			process.off('uncaughtException', note);
		}
		expect(uncaught).toEqual([]);
	});

	it('leaves alone what must not or need not be compressed', () => {
		const untouched = [
			compressResponse(request(), html()),
			compressResponse(request('br', 'HEAD'), html()),
			compressResponse(request('br'), html('tiny', { 'content-length': '4' })),
			compressResponse(
				request('br'),
				new Response('data: 1\n\n', { headers: { 'content-type': 'text/event-stream' } }),
			),
			compressResponse(
				request('br'),
				new Response(new Uint8Array(4096), { headers: { 'content-type': 'image/webp' } }),
			),
			compressResponse(request('br'), html(page, { 'content-encoding': 'br' })),
			compressResponse(request('br'), html(page, { 'cache-control': 'no-transform' })),
			compressResponse(request('br'), html(null, {}, 404)),
		];
		for (const response of untouched) {
			expect(response.headers.get('content-encoding') ?? 'none').not.toBe('gzip');
		}
		expect(untouched[0]!.headers.get('vary')).toMatch(/Accept-Encoding/);
		expect(untouched[3]!.headers.get('content-encoding')).toBeNull();
		expect(untouched[7]!.body).toBeNull();
	});

	it('compresses JSON and XML as well', () => {
		const json = new Response(JSON.stringify({ matches: Array(200).fill({ id: 1 }) }), {
			headers: { 'content-type': 'application/json' },
		});
		const rss = new Response(`<rss>${'<item/>'.repeat(400)}</rss>`, {
			headers: { 'content-type': 'application/rss+xml; charset=utf-8' },
		});
		expect(compressResponse(request('br'), json).headers.get('content-encoding')).toBe('br');
		expect(compressResponse(request('br'), rss).headers.get('content-encoding')).toBe('br');
	});
});
