import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';

export interface Raw {
	status: number;
	headers: IncomingHttpHeaders;
	body: Buffer;
}

/**
 * One request with exactly these headers, and the raw bytes back: no automatic decoding
 * and no headers added, unlike Playwright's request fixture (which sends Accept-Encoding).
 */
export function raw(
	baseURL: string,
	path: string,
	headers: Record<string, string> = {},
	method = 'GET',
): Promise<Raw> {
	const url = new URL(baseURL);
	return new Promise((resolve, reject) => {
		const req = httpRequest(
			{ host: url.hostname, port: url.port, path, method, headers },
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
		req.end();
	});
}
