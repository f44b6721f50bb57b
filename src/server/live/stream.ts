import { config } from '../config';
import { takeStreamSlot } from './connection-cap';
import { startLiveFeed } from './feed';
import { getLiveHub } from './runtime';
import { responseFor } from './node-response';
import { parseLastEventId, parseMatchIds } from './sse';
import type { SseSink } from './hub';

/** Response headers of the live stream (F6). */
export const SSE_HEADERS = {
	'Content-Type': 'text/event-stream; charset=utf-8',
	'Cache-Control': 'no-cache, no-transform',
	'X-Accel-Buffering': 'no',
	Connection: 'keep-alive',
} as const;

const encoder = new TextEncoder();

/** Seconds a refused client is asked to wait: a slot frees when one of its tabs closes. */
export const STREAM_CAP_RETRY_AFTER = 10;

/** 429 past the per-client cap (not a 5xx: EventSource stops retrying on it, no storm). */
function tooManyStreams(): Response {
	return new Response(
		JSON.stringify({
			error: 'too_many_connections',
			message: 'Too many open live streams from this address; close some and retry.',
		}),
		{
			status: 429,
			headers: {
				'Content-Type': 'application/json; charset=utf-8',
				'Retry-After': String(STREAM_CAP_RETRY_AFTER),
				'Cache-Control': 'no-store',
			},
		},
	);
}

/**
 * GET /api/live: one SSE stream carrying every watched match. Query `matches=ID,ID`
 * (absent: all live matches). Resumes after `Last-Event-ID` (header; the `lastEventId`
 * query parameter is accepted for EventSource polyfills that cannot set headers).
 * Never answers an error for bad input: a bad id just means a snapshot. `client` is the
 * caller's address (trusted-proxy aware): it may hold LIVE_MAX_STREAMS_PER_CLIENT streams.
 */
export function openLiveStream(request: Request, client: string): Response {
	// A HEAD never reads the body, so its stream would never be cancelled: answer the head
	// alone, holding no slot and no hub client.
	if (request.method === 'HEAD') return new Response(null, { status: 200, headers: SSE_HEADERS });
	const releaseSlot = takeStreamSlot(client, config().LIVE_MAX_STREAMS_PER_CLIENT);
	if (!releaseSlot) return tooManyStreams();
	const url = new URL(request.url);
	const matches = parseMatchIds(url.searchParams.get('matches'));
	const lastEventId = parseLastEventId(
		request.headers.get('last-event-id') ?? url.searchParams.get('lastEventId'),
	);
	const hub = getLiveHub();
	void startLiveFeed();
	const node = responseFor(request);
	let release: (() => void) | undefined;
	let closed = false;
	// Every way a stream ends (client gone, dropped, shut down) frees its slot, once.
	const finish = () => {
		closed = true;
		release?.();
		releaseSlot();
	};
	const stream = new ReadableStream<Uint8Array>(
		{
			start(controller) {
				const sink: SseSink = {
					write(chunk) {
						if (closed) return;
						try {
							controller.enqueue(encoder.encode(chunk));
						} catch {
							closed = true;
						}
					},
					// Bytes in our stream's queue plus bytes the adapter has handed to the socket
					// that the peer has not taken yet.
					backlog() {
						const queued = Math.max(0, -(controller.desiredSize ?? 0));
						return queued + (node?.writableLength ?? 0);
					},
					close(mode) {
						if (closed) return;
						closed = true;
						releaseSlot();
						try {
							controller.close();
						} catch {
							// Already cancelled.
						}
						// A dropped slow client: its socket buffer is what we must free.
						if (mode === 'drop' && node && !node.destroyed) node.destroy();
					},
				};
				void hub.connect(sink, { matches, lastEventId }).then((r) => {
					release = r;
					if (closed) r();
				});
				request.signal.addEventListener('abort', finish);
			},
			cancel: finish,
		},
		{ highWaterMark: 0, size: (chunk) => chunk.byteLength },
	);
	return new Response(stream, { status: 200, headers: SSE_HEADERS });
}
