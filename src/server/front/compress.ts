import {
	constants,
	createBrotliCompress,
	createGzip,
	type BrotliCompress,
	type Gzip,
} from 'node:zlib';
import { type ContentEncoding, pickEncoding } from '../../lib/accept-encoding';

/**
 * Compression of the answers Astro renders (issue 34): pages that are not route-cached, the
 * signed-in pages, JSON, XML. Static files and stored pages are compressed ahead of time by
 * the front (scripts/static-files.mjs, src/server/cache/route-cache.ts); this is for the rest.
 */

/** Below this a compressed answer saves less than its headers cost. */
export const COMPRESS_MIN_BYTES = 1024;

/** Text worth compressing. Event streams are text too, but must never wait on a compressor. */
const COMPRESSIBLE =
	/^(text\/(?!event-stream)|application\/([\w.+-]+\+)?(json|xml|javascript|manifest\+json)|image\/svg\+xml)/i;

/** Brotli 5: about gzip's speed with a better ratio, fit for pages made per request. */
const BROTLI_QUALITY = 5;

function compressor(encoding: ContentEncoding): BrotliCompress | Gzip {
	return encoding === 'br'
		? createBrotliCompress({
				params: {
					[constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
					[constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
				},
			})
		: createGzip({ level: 6 });
}

/**
 * The body compressed as it streams. What the page has written so far is flushed whenever
 * the renderer pauses (a slow query, an awaited island), so streaming keeps its point: the
 * head and the first screen leave before the rest is ready. Chunks written in one go are
 * compressed together, which keeps the ratio of a whole-page compression.
 */
function compressStream(
	body: ReadableStream<Uint8Array>,
	encoding: ContentEncoding,
): ReadableStream<Uint8Array> {
	const zip = compressor(encoding);
	const flushMode = encoding === 'br' ? constants.BROTLI_OPERATION_FLUSH : constants.Z_SYNC_FLUSH;
	let pause: NodeJS.Immediate | undefined;
	// Set once the answer is over for any reason (done, the page failed, the client left):
	// the compressor's late output then goes nowhere, and never throws into an event handler.
	let over = false;
	let failure: Error | undefined;
	const stop = () => {
		over = true;
		if (pause) clearImmediate(pause);
		zip.destroy();
	};
	const ended = new Promise<void>((resolve) => {
		zip.once('end', resolve);
		zip.once('close', resolve);
	});
	zip.on('error', (error) => {
		failure = error;
		over = true;
	});
	return body.pipeThrough(
		new TransformStream<Uint8Array, Uint8Array>({
			start(controller) {
				zip.on('data', (chunk: Buffer) => {
					if (over) return;
					try {
						controller.enqueue(new Uint8Array(chunk));
					} catch {
						stop(); // the reader is gone
					}
				});
			},
			async transform(chunk) {
				if (over) throw failure ?? new Error('compression stopped');
				if (pause) clearImmediate(pause);
				await new Promise<void>((resolve, reject) =>
					zip.write(chunk, (error) => (error ? reject(error) : resolve())),
				);
				pause = setImmediate(() => {
					if (!over) zip.flush(flushMode);
				});
			},
			async flush() {
				if (pause) clearImmediate(pause);
				zip.end();
				await ended;
				over = true;
				if (failure) throw failure;
			},
			// The page failed or the client left: no more output.
			cancel: stop,
		} as Transformer<Uint8Array, Uint8Array>),
	);
}

/** Whether this answer may be compressed at all (then it varies by Accept-Encoding). */
function compressible(method: string, response: Response): boolean {
	if (method === 'HEAD' || response.body === null) return false;
	if (response.status < 200 || response.status === 204 || response.status === 206) return false;
	const headers = response.headers;
	if (headers.has('content-encoding') || headers.has('content-range')) return false;
	if (/\bno-transform\b/i.test(headers.get('cache-control') ?? '')) return false;
	if (!COMPRESSIBLE.test(headers.get('content-type') ?? '')) return false;
	const length = headers.get('content-length');
	return length === null || Number(length) >= COMPRESS_MIN_BYTES;
}

/**
 * The response, compressed in the best encoding the request accepts when it is text worth
 * compressing, with `Vary: Accept-Encoding` whenever the encoding could differ.
 */
export function compressResponse(request: Request, response: Response): Response {
	if (!compressible(request.method, response)) return response;
	const encoding = pickEncoding(request.headers.get('accept-encoding'));
	const headers = new Headers(response.headers);
	if (!/\baccept-encoding\b/i.test(headers.get('vary') ?? ''))
		headers.append('Vary', 'Accept-Encoding');
	if (!encoding || !response.body)
		return new Response(response.body, {
			status: response.status,
			statusText: response.statusText,
			headers,
		});
	headers.set('Content-Encoding', encoding);
	headers.delete('Content-Length');
	// A strong validator names exact bytes; the compressed bytes are other bytes.
	const etag = headers.get('etag');
	if (etag && !etag.startsWith('W/')) headers.set('ETag', `W/${etag}`);
	return new Response(compressStream(response.body, encoding), {
		status: response.status,
		statusText: response.statusText,
		headers,
	});
}
