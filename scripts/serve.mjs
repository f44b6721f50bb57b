#!/usr/bin/env node
/**
 * The production server: Astro's Node handler (the adapter in middleware mode) behind a
 * thin front that answers, without entering Astro at all,
 *  - the build's static files, from memory (scripts/static-files.mjs), and
 *  - route-cache hits (a hit then costs about what a bare node:http server sending the
 *    same bytes costs).
 *  - signed-in visitors' member-cache hits, when the session is vouched for in this
 *    process (src/server/front/cache.ts `memberHit`).
 * Everything else, including signed-in requests it cannot vouch for and every non-GET
 * method, goes to Astro unchanged.
 *
 *   node scripts/serve.mjs            (ASTRO_OUT_DIR picks the build, default dist)
 */
import http from 'node:http';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadReactProduction } from './react-production.mjs';
import { refusal } from './request-guard.mjs';
import { pickEncoding, staticFiles } from './static-files.mjs';

const outDir = resolve(process.env.ASTRO_OUT_DIR ?? 'dist');
const entryUrl = pathToFileURL(join(outDir, 'server/entry.mjs')).href;
loadReactProduction(entryUrl);
const { handler } = await import(entryUrl);
// The route cache's face for this front (src/server/front/cache.ts), a file of the build
// beside the entry: the bundle's middleware imports the same chunks, so this is the very
// cache the middleware fills (one instance per process; see astro.config.ts).
const {
	cacheKey,
	isEmbedPath,
	LOCALE_COOKIE,
	THEME_COOKIE,
	localeCookieHeader,
	localeFromPath,
	memberHit,
	staticSecurityHeaders,
	storedPage,
} = await import(pathToFileURL(join(outDir, 'server/front-cache.mjs')).href);
// Operations (src/server/ops/front.ts): start-up checks, /healthz /readyz /metrics, request
// logs and metrics, graceful shutdown. Same chunks as the bundle's middleware, as above.
const ops = await import(pathToFileURL(join(outDir, 'server/ops.mjs')).href);

/** The value of one cookie, without parsing the whole header. */
function cookieValue(header, name) {
	if (!header) return undefined;
	const at = header.indexOf(`${name}=`);
	if (at < 0 || (at > 0 && header[at - 1] !== ' ' && header[at - 1] !== ';')) return undefined;
	const end = header.indexOf(';', at);
	const raw = header.slice(at + name.length + 1, end < 0 ? undefined : end);
	try {
		return decodeURIComponent(raw);
	} catch {
		return undefined; // A malformed value is no value; never an exception.
	}
}

function fromCache(req, res) {
	if (req.method !== 'GET' || process.env.ROUTE_CACHE === 'off') return false;
	const url = req.url ?? '/';
	const cookie = req.headers.cookie;
	// Only localised pages are stored; their first segment is the locale.
	const query = url.indexOf('?');
	const path = query < 0 ? url : url.slice(0, query);
	const locale = localeFromPath(path);
	if (!locale) return false;
	// Widgets ignore cookies (no session, no time zone) and set none (src/middleware/route-cache.ts).
	const embed = isEmbedPath(path);
	// A signed-in visitor: the member cache's copy when the front can vouch for the session
	// without the database (src/server/front/cache.ts), else Astro checks it.
	const member = !embed && cookie && /(^|;\s*)auth\./.test(cookie);
	let hit;
	let headers;
	try {
		if (member) {
			const found = memberHit(url, path, cookie, req.headers.authorization);
			hit = found?.page;
			headers = found?.headers;
		} else {
			hit = storedPage(
				cacheKey(
					url,
					embed ? undefined : cookieValue(cookie, 'tz'),
					embed ? undefined : cookieValue(cookie, THEME_COOKIE),
				),
			);
			headers = hit?.headers;
		}
	} catch {
		return false;
	}
	if (!hit) return false;
	res.statusCode = hit.status;
	for (const [name, value] of headers) res.setHeader(name, value);
	res.setHeader('X-Cache', 'HIT');
	// A first visit, a crawler or a language switch: remember the page's language, as the
	// locale middleware would have (stored pages never carry a Set-Cookie of their own).
	if (!embed && cookieValue(cookie, LOCALE_COOKIE) !== locale)
		res.setHeader('Set-Cookie', localeCookieHeader(locale));
	// The stored page compressed, when the browser takes it and the copy is ready.
	const encoding = pickEncoding(req.headers['accept-encoding']);
	const packed = encoding ? hit.encoded?.[encoding] : undefined;
	if (packed) res.setHeader('Content-Encoding', encoding);
	const body = packed ?? hit.body;
	res.setHeader('Content-Length', body.byteLength);
	res.end(body);
	return true;
}

// Refuse to start, naming what is wrong, before listening: bad or missing settings, a
// database folder another process holds, a damaged database.
try {
	await ops.preflight();
} catch (error) {
	// Plain text on stderr: an operator reads this, not a log collector.
	process.stderr.write(`${error instanceof ops.StartupRefused ? error.message : error?.stack}\n`);
	process.exit(1);
}

// After the checks: the static files' security headers read the configuration, and a bad
// setting must end in the list above, not in a stack trace from here (issue 28/8).
const assets = staticFiles(join(outDir, 'client'), { securityHeaders: staticSecurityHeaders });

const host = process.env.HOST ?? '127.0.0.1';
const port = Number(process.env.PORT ?? 4321);
const server = http.createServer((req, res) => {
	if (ops.answerOps(req, res)) return;
	let kind = 'unmatched';
	ops.track(
		req,
		res,
		() => front(req, res, (k) => (kind = k)),
		() => kind,
	);
});

/** Static file, route-cache hit, else Astro. `note` names which answered, for the metrics. */
function front(req, res, note) {
	// Odd methods, targets, Host headers and addresses are refused before anything reads them.
	const refused = refusal(req);
	if (refused) {
		note('refused');
		res.writeHead(refused.status, {
			'Content-Type': 'text/plain; charset=utf-8',
			'X-Content-Type-Options': 'nosniff',
			...refused.headers,
		});
		res.end(refused.message);
		return;
	}
	let answered = false;
	try {
		if (assets.serve(req, res)) {
			note('static');
			answered = true;
		} else if (fromCache(req, res)) {
			note('front-cache');
			answered = true;
		}
	} catch (error) {
		// The front must never take the process down: anything odd goes to Astro instead.
		console.error('[serve] front failed', error);
	}
	if (!answered) {
		capBody(req);
		handler(req, res);
	}
}

/**
 * The adapter caps every body at the largest limit of any route (the 5 MB image upload):
 * a body sent without Content-Length (chunked) is held here to its own path's limit, so a
 * form or JSON route still stops reading at 256 KB. Declared lengths are refused earlier,
 * by the middleware. The adapter reads `req.body` when set (its body-parser hook).
 */
function capBody(req) {
	if (req.method === 'GET' || req.method === 'HEAD' || req.headers['content-length']) return;
	const limit = ops.bodyLimitFor(new URL(req.url ?? '/', 'http://x').pathname);
	req.body = (async function* capped() {
		let received = 0;
		for await (const chunk of req) {
			received += chunk.byteLength;
			if (received > limit) throw new Error(`Body larger than ${limit} bytes`);
			yield chunk;
		}
	})();
}
server.listen(port, host, () => {
	console.log(`Listening on http://${host}:${port}`);
	ops.startInBackground();
});
ops.installShutdown(server);
