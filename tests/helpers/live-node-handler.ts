import type { IncomingMessage, ServerResponse } from 'node:http';
import type { LiveHub, SseSink } from '~/server/live/hub';
import { parseLastEventId, parseMatchIds } from '~/server/live/sse';
import { SSE_HEADERS } from '~/server/live/stream';

/**
 * The live stream on a bare `node:http` server, for the fault tests and the SSE benchmark
 * (they run the hub without Astro). Writes straight to the socket, so `writableLength` is
 * exact. Not part of the site, which serves the stream through src/pages/api/live.ts.
 */
export function handleLiveRequest(hub: LiveHub, req: IncomingMessage, res: ServerResponse): void {
	const url = new URL(req.url ?? '/', 'http://localhost');
	const header = req.headers['last-event-id'];
	const lastEventId = parseLastEventId(
		(Array.isArray(header) ? header[0] : header) ?? url.searchParams.get('lastEventId'),
	);
	res.writeHead(200, SSE_HEADERS);
	let release: (() => void) | undefined;
	let closed = false;
	const sink: SseSink = {
		write: (chunk) => {
			if (!closed) res.write(chunk);
		},
		backlog: () => res.writableLength,
		close: (mode) => {
			if (closed) return;
			closed = true;
			if (mode === 'drop') res.destroy();
			else res.end();
		},
	};
	res.once('close', () => {
		closed = true;
		release?.();
	});
	void hub
		.connect(sink, { matches: parseMatchIds(url.searchParams.get('matches')), lastEventId })
		.then((r) => {
			release = r;
			if (closed) r();
		});
}
