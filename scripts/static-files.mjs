/**
 * The build's static files (dist/client: Astro's hashed bundles under /_astro/, and what
 * public/ holds), served from memory by the production server.
 *
 * Why not the Node adapter's own static handler: it runs before every request, pages
 * included, and costs a `stat` of a file that is not there on each one; here a page costs
 * one Map lookup. And it sends bundles uncompressed; here they go out in brotli or gzip
 * when the browser accepts it, with a strong ETag. Each file is compressed once, off the
 * event loop, at start-up: live pushes never wait behind a brotli run.
 *
 * Only exact paths of files found at start-up are served, so nothing outside the folder
 * can be reached, whatever the URL says.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { extname, join, relative, sep } from 'node:path';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';

const TYPES = {
	'.js': 'text/javascript; charset=utf-8',
	'.mjs': 'text/javascript; charset=utf-8',
	'.css': 'text/css; charset=utf-8',
	'.svg': 'image/svg+xml',
	'.png': 'image/png',
	'.jpg': 'image/jpeg',
	'.webp': 'image/webp',
	'.avif': 'image/avif',
	'.ico': 'image/x-icon',
	'.woff2': 'font/woff2',
	'.json': 'application/json',
	'.map': 'application/json',
	'.webmanifest': 'application/manifest+json',
	'.txt': 'text/plain; charset=utf-8',
	'.xml': 'application/xml',
};
/** Worth compressing: text. Images and fonts are compressed already. */
const COMPRESSIBLE = new Set([
	'.js',
	'.mjs',
	'.css',
	'.svg',
	'.json',
	'.map',
	'.webmanifest',
	'.txt',
	'.xml',
]);
/** Hashed file names never change content: a year, immutable. Anything else: an hour. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
const SHORT = 'public, max-age=3600';

function* walk(dir) {
	for (const entry of readdirSync(dir, { withFileTypes: true })) {
		const path = join(dir, entry.name);
		if (entry.isDirectory()) yield* walk(path);
		else if (entry.isFile()) yield path;
	}
}

/**
 * Picks the encoding to send from an Accept-Encoding header: br, then gzip, else none. A copy
 * of src/lib/accept-encoding.ts (this file runs without a build); a unit test holds the two
 * to the same answers.
 */
export function pickEncoding(acceptEncoding) {
	if (!acceptEncoding) return undefined;
	const offered = new Map();
	for (const part of acceptEncoding.toLowerCase().split(',')) {
		const [name, ...params] = part.trim().split(';');
		const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
		offered.set(name.trim(), q ? Number(q.slice(2)) : 1);
	}
	const accepts = (name) => (offered.get(name) ?? offered.get('*') ?? 0) > 0;
	if (accepts('br')) return 'br';
	if (accepts('gzip')) return 'gzip';
	return undefined;
}

/**
 * Reads every file under `clientDir` and returns `serve(req, res)`, which answers GET and
 * HEAD for those exact paths and returns false for anything else (left to Astro).
 * `securityHeaders(contentType)` gives each file's security headers (the front passes the
 * site's one source of them, src/lib/security-headers.ts).
 *
 * @param {string} clientDir
 * @param {{ assetsPrefix?: string, securityHeaders?: (contentType: string) => Record<string, string> }} [options]
 */
export function staticFiles(
	clientDir,
	{
		assetsPrefix = '/_astro/',
		securityHeaders = () => ({ 'X-Content-Type-Options': 'nosniff' }),
	} = {},
) {
	const files = new Map();
	let root;
	try {
		root = [...walk(clientDir)];
	} catch {
		root = []; // No client folder (a build without one): everything goes to Astro.
	}
	for (const path of root) {
		const url = `/${relative(clientDir, path).split(sep).join('/')}`;
		const ext = extname(path).toLowerCase();
		const body = readFileSync(path);
		const type = TYPES[ext] ?? 'application/octet-stream';
		files.set(url, {
			body,
			type,
			// The same security headers as pages where they apply (nosniff, CORP, an SVG's CSP).
			security: Object.entries(securityHeaders(type)),
			// The worker script is checked for a new version on every visit (docs/pwa.md).
			cacheControl: url.startsWith(assetsPrefix)
				? IMMUTABLE
				: url === '/sw.js'
					? 'no-cache'
					: SHORT,
			etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`,
			compressible: COMPRESSIBLE.has(ext) && body.length > 512,
			encoded: new Map(),
		});
	}

	/**
	 * Compressed copies are made at start-up, one file at a time on libuv's thread pool, so
	 * neither the event loop nor both cores are taken; until a copy is ready the file goes
	 * out as it is. A copy that would not be smaller is dropped.
	 */
	const queue = [...files.values()].filter((file) => file.compressible);
	const compressNext = () => {
		const file = queue.shift();
		if (!file) return;
		brotliCompress(
			file.body,
			{
				params: {
					[zlib.BROTLI_PARAM_QUALITY]: 11,
					[zlib.BROTLI_PARAM_SIZE_HINT]: file.body.length,
				},
			},
			(error, br) => {
				if (!error && br.length < file.body.length) file.encoded.set('br', br);
				gzip(file.body, { level: 9 }, (error, gz) => {
					if (!error && gz.length < file.body.length) file.encoded.set('gzip', gz);
					compressNext();
				});
			},
		);
	};
	compressNext();

	function serve(req, res) {
		if (req.method !== 'GET' && req.method !== 'HEAD') return false;
		const raw = req.url ?? '/';
		const end = raw.search(/[?#]/);
		let path = end < 0 ? raw : raw.slice(0, end);
		if (path.includes('%')) {
			try {
				path = decodeURI(path);
			} catch {
				return false; // Astro answers malformed addresses.
			}
		}
		const file = files.get(path);
		if (!file) return false;

		let encoding = file.compressible ? pickEncoding(req.headers['accept-encoding']) : undefined;
		let body = encoding ? file.encoded.get(encoding) : file.body;
		if (!body) {
			encoding = undefined;
			body = file.body;
		}
		const etag = encoding ? `${file.etag.slice(0, -1)}-${encoding}"` : file.etag;
		res.setHeader('Content-Type', file.type);
		res.setHeader('Cache-Control', file.cacheControl);
		res.setHeader('ETag', etag);
		for (const [name, value] of file.security) res.setHeader(name, value);
		if (file.compressible) res.setHeader('Vary', 'Accept-Encoding');

		const ifNoneMatch = req.headers['if-none-match'];
		if (
			ifNoneMatch &&
			ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)
		) {
			res.statusCode = 304;
			res.end();
			return true;
		}
		res.statusCode = 200;
		if (encoding) res.setHeader('Content-Encoding', encoding);
		res.setHeader('Content-Length', body.length);
		res.end(req.method === 'HEAD' ? undefined : body);
		return true;
	}

	return { serve, count: files.size };
}
