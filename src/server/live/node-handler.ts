import type { IncomingMessage, ServerResponse } from 'node:http';
import type { LiveHub, SseSink } from './hub';
import { parseLastEventId, parseMatchIds } from './sse';
import { SSE_HEADERS } from './stream';

/**
 * The same live stream on a bare `node:http` server (fault tests and benchmarks run the
 * hub without Astro). Writes straight to the socket, so `writableLength` is exact.
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
