import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';

export interface Raw {
	status: number;
	headers: IncomingHttpHeaders;
	body: Buffer;
}

/**
 * One request with exactly these headers, and the raw bytes back: no automatic decoding
 * and no headers added, unlike Playwright's request fixture (which sends Accept-Encoding).
 * `body`: a string or buffer is sent as it is; an array of chunks is sent chunked (no
 * Content-Length), one write per chunk. `localAddress`: another loopback address to come
 * from (127.0.0.2…), a client of its own for the server's per-client limits.
 */
export function raw(
	baseURL: string,
	path: string,
	headers: Record<string, string> = {},
	method = 'GET',
	body?: string | Buffer | Buffer[],
	localAddress?: string,
): Promise<Raw> {
	const url = new URL(baseURL);
	return new Promise((resolve, reject) => {
		const req = httpRequest(
			{ host: url.hostname, port: url.port, path, method, headers, agent: false, localAddress },
			(res) => {
				const chunks: Buffer[] = [];
				res.on('data', (c: Buffer) => chunks.push(c));
				res.on('end', () =>
					resolve({
						status: res.statusCode ?? 0,
						headers: res.headers,
						body: Buffer.concat(chunks),
					}),
				);
			},
		);
		req.on('error', reject);
		if (Array.isArray(body)) for (const chunk of body) req.write(chunk);
		req.end(Array.isArray(body) ? undefined : body);
	});
}

/**
 * Only the status of one request, read as soon as the headers arrive; the connection is
 * then dropped (for answers that would stream forever, such as the live stream).
 */
export function rawStatus(
	baseURL: string,
	path: string,
	headers: Record<string, string> = {},
	method = 'GET',
): Promise<number> {
	const url = new URL(baseURL);
	return new Promise((resolve, reject) => {
		const req = httpRequest(
			{ host: url.hostname, port: url.port, path, method, headers, agent: false },
			(res) => {
				resolve(res.statusCode ?? 0);
				res.destroy();
			},
		);
		req.on('error', reject);
		req.end();
	});
}
