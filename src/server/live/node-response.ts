import { randomUUID } from 'node:crypto';
import { subscribe } from 'node:diagnostics_channel';
import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * Astro's Node adapter copies our stream into the socket without waiting for `drain`, so
 * unsent bytes pile up in the ServerResponse where the endpoint cannot see them. Node
 * announces every request on the `http.server.request.start` diagnostics channel before the
 * adapter runs; we tag /api/live requests with a private header (overwriting any
 * client-sent value) and keep the ServerResponse, so the hub can read `writableLength`.
 */
export const CONN_HEADER = 'x-matchday-live-conn';
const responses = new Map<string, ServerResponse>();
let installed = false;

interface StartMessage {
	request: IncomingMessage;
	response: ServerResponse;
}

/** Installs the tracking once per process; call as early as possible (start-up). */
export function installResponseTracking(): void {
	if (installed) return;
	installed = true;
	subscribe('http.server.request.start', (message) => {
		const { request, response } = message as StartMessage;
		delete request.headers[CONN_HEADER];
		if (!routedPath(request.url ?? '/').startsWith('/api/live')) return;
		const token = randomUUID();
		request.headers[CONN_HEADER] = token;
		responses.set(token, response);
		response.once('close', () => responses.delete(token));
	});
}

/**
 * The path Astro routes for a raw request target: dot segments resolved (`/./api/live`,
 * `/x/../api/live`, `%2e` included) and percent-escapes decoded (`/%61pi/live`), as the
 * adapter's URL and Astro's matching do. Tracking by the raw text would let such a spelling
 * reach the stream untracked, out of reach of the slow-client guard.
 */
export function routedPath(target: string): string {
	let path: string;
	try {
		// Concatenated as the adapter builds its URL (a Host can no longer carry a path: the
		// front refuses it), so `//x` stays a path here too.
		path = new URL(`http://routed.invalid${target}`).pathname;
	} catch {
		return target;
	}
	try {
		return decodeURI(path);
	} catch {
		return path;
	}
}

/** The Node response behind a request, when tracking saw it. */
export function responseFor(request: Request): ServerResponse | undefined {
	const token = request.headers.get(CONN_HEADER);
	return token ? responses.get(token) : undefined;
}

export function trackedResponses(): number {
	return responses.size;
}
