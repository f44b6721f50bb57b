import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import { format } from 'node:util';
import pino, { type Logger } from 'pino';

/**
 * Structured logs (pino, one JSON object a line) with the request id on every line written
 * while a request is handled, and no secret on any line: known fields are redacted by path,
 * and free text (messages from `console.*`, errors) is scrubbed of tokens, passwords and
 * cookies before it is written.
 */
export interface RequestScope {
	id: string;
	/** The route pattern Astro matched (set by the request-context middleware). */
	route?: string;
}

const scope = new AsyncLocalStorage<RequestScope>();

/** Runs `work` as one request: every log line inside carries `reqId`. */
export function runInRequestScope<T>(work: () => T, id: string = randomUUID()): T {
	return scope.run({ id }, work);
}

export function currentRequest(): RequestScope | undefined {
	return scope.getStore();
}

/** Names the route Astro matched, for the access line and the metrics' route label. */
export function noteRoute(route: string | undefined): void {
	const current = scope.getStore();
	// The first pattern wins: an error page's second pass must not relabel the route.
	if (current && route && !current.route) current.route = route;
}

/** Field paths that may carry a secret, whatever logs them. */
export const REDACTED_PATHS = [
	'password',
	'*.password',
	'token',
	'*.token',
	'accessToken',
	'refreshToken',
	'*.accessToken',
	'*.refreshToken',
	'cookie',
	'*.cookie',
	'authorization',
	'*.authorization',
	'headers.cookie',
	'headers.authorization',
	'headers["set-cookie"]',
	'req.headers.cookie',
	'req.headers.authorization',
];

const SECRET_PATTERNS: [RegExp, string][] = [
	// JWTs (access and refresh tokens, signed links).
	[/eyJ[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]*/g, '[redacted]'],
	// Authorization headers.
	[/\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]+/gi, '$1 [redacted]'],
	// key=value and "key":"value" pairs whose key names a secret (query strings, cookies, JSON).
	[
		/((?:password|passwd|token|secret|cookie|authorization|session|auth\.[a-z_]+|sig|signature)["']?\s*[:=]\s*["']?)[^\s"'&;,}]+/gi,
		'$1[redacted]',
	],
];

/** Free text with anything that looks like a secret replaced. */
export function scrub(text: string): string {
	let out = text;
	for (const [pattern, replacement] of SECRET_PATTERNS) out = out.replace(pattern, replacement);
	return out;
}

let instance: Logger | undefined;

/** The process logger (level from LOG_LEVEL; read directly: it must work before config). */
export function logger(): Logger {
	instance ??= pino({
		level: process.env.LOG_LEVEL || 'info',
		base: { pid: process.pid },
		redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
		mixin: () => {
			const current = scope.getStore();
			return current ? { reqId: current.id } : {};
		},
		hooks: {
			logMethod(args, method) {
				method.apply(
					this,
					args.map((a) =>
						typeof a === 'string'
							? scrub(a)
							: a instanceof Error
								? { err: { type: a.name, message: scrub(a.message), stack: scrub(a.stack ?? '') } }
								: a,
					) as Parameters<typeof method>,
				);
			},
		},
	});
	return instance;
}

let routed = false;

/**
 * Sends `console.*` through the logger, so the lines every module already writes are JSON
 * with the request id and scrubbed like the rest. Called once by the production front.
 */
export function routeConsoleToLogger(): void {
	if (routed) return;
	routed = true;
	const log = logger();
	const write =
		(level: 'debug' | 'info' | 'warn' | 'error') =>
		(...args: unknown[]) => {
			const error = args.find((a): a is Error => a instanceof Error);
			const text = format(...args.filter((a) => a !== error));
			if (error) log[level](error, text);
			else log[level](text);
		};
	console.debug = write('debug');
	console.log = write('info');
	console.info = write('info');
	console.warn = write('warn');
	console.error = write('error');
}
