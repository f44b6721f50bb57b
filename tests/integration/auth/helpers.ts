import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import { useTranslations } from '~/i18n/server';
import { auth as authMiddleware } from '~/middleware/auth';
import { setClockForTests } from '~/server/clock';
import { forgetSessionChecks } from '~/server/auth/sessions';
import { resetRateLimitsForTests } from '~/server/auth/rate-limit';
import { resetAuthSecretForTests } from '~/server/auth/secret';
import { config, resetConfigForTests } from '~/server/config';
import { openDatabase, setDbHandleForTests, type DbHandle } from '~/server/db/client';
import { registerAuthMails } from '~/server/auth/mails';
import { flushMail } from '~/server/mail/worker';
import { registerPaymentMails } from '~/server/payments/mail';

export const SITE = 'http://matchday.test';

// The mail kinds, as start-up registers them: these tests send mail without a start-up.
registerAuthMails();
registerPaymentMails();
const TABLES = [
	'mail_outbox',
	'auth_security_events',
	'auth_password_resets',
	'auth_refresh_tokens',
	'auth_sessions',
	'users',
];

let handle: DbHandle | undefined;
let scratch: { server: string; name: string } | undefined;

/**
 * In-memory PGlite, or, when TEST_DATABASE_URL names a PostgreSQL server, a scratch database
 * of its own (test files run in parallel, so they must not share tables).
 */
async function databaseUrl(): Promise<string> {
	const server = process.env['TEST_DATABASE_URL'];
	if (!server) return 'memory://';
	const name = `auth_test_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
	const admin = postgres(server, { max: 1, onnotice: () => {} });
	await admin.unsafe(`CREATE DATABASE ${name}`);
	await admin.end();
	scratch = { server, name };
	const url = new URL(server);
	url.pathname = `/${name}`;
	return url.toString();
}
let dataDir = '';

/**
 * A fresh world for one test file: fixed secret and site, a temporary DATA_DIR (outbox),
 * in-memory PGlite (or the PostgreSQL of TEST_DATABASE_URL, emptied), real clock.
 */
export async function setupAuthWorld(env: Record<string, string> = {}): Promise<void> {
	dataDir = mkdtempSync(join(tmpdir(), 'auth-test-'));
	Object.assign(process.env, {
		AUTH_SECRET: 'test-secret-that-is-long-enough-for-hs256-0123456789',
		SITE_URL: SITE,
		DATA_DIR: dataDir,
		SMTP_URL: '',
		TRUSTED_PROXIES: '',
		NODE_ENV: 'test',
		...env,
	});
	resetConfigForTests();
	resetAuthSecretForTests();
	handle = await openDatabase(await databaseUrl());
	setDbHandleForTests(handle);
	await resetAuthWorld();
}

/** Between tests: empty tables, limiters, caches, outbox; real clock again. */
export async function resetAuthWorld(): Promise<void> {
	await flushMail();
	await handle?.exec(`TRUNCATE ${TABLES.join(', ')} CASCADE`);
	resetRateLimitsForTests();
	forgetSessionChecks();
	setClockForTests();
	rmSync(join(config().DATA_DIR, 'outbox'), { recursive: true, force: true });
}

export async function teardownAuthWorld(): Promise<void> {
	await flushMail();
	setDbHandleForTests(undefined);
	await handle?.close();
	if (scratch) {
		const admin = postgres(scratch.server, { max: 1, onnotice: () => {} });
		await admin.unsafe(`DROP DATABASE IF EXISTS ${scratch.name} WITH (FORCE)`);
		await admin.end();
		scratch = undefined;
	}
	rmSync(dataDir, { recursive: true, force: true });
}

export function db(): DbHandle {
	if (!handle) throw new Error('setupAuthWorld first');
	return handle;
}

export async function count(table: string): Promise<number> {
	const rows = await db().db.execute(`SELECT count(*)::int AS n FROM ${table}` as never);
	const list =
		(rows as unknown as { rows?: { n: number }[] }).rows ?? (rows as unknown as { n: number }[]);
	return Number(list[0]?.n ?? 0);
}

export interface OutboxMail {
	to: string;
	subject: string;
	text: string;
	html: string;
	kind: string;
}

/** Every mail written to the outbox folder so far (after queued ones are delivered). */
export async function outbox(): Promise<OutboxMail[]> {
	await flushMail();
	const dir = join(config().DATA_DIR, 'outbox');
	let files: string[] = [];
	try {
		files = readdirSync(dir)
			.filter((f) => f.endsWith('.json'))
			.sort();
	} catch {
		return [];
	}
	return files.map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as OutboxMail);
}

/** The reset token inside a mail's link. */
export function tokenFromMail(mail: OutboxMail): string {
	const match = /[?&]token=([A-Za-z0-9_-]+)/.exec(mail.text);
	if (!match?.[1]) throw new Error(`no token in mail: ${mail.text}`);
	return match[1];
}

type Handler = (context: never) => Response | Promise<Response>;

export interface CallOptions {
	method?: string;
	path?: string;
	body?: unknown;
	rawBody?: string;
	headers?: Record<string, string>;
	clientAddress?: string;
	params?: Record<string, string>;
}

/**
 * Calls an Astro endpoint the way the server does: the auth middleware first (so
 * `locals.user` is set from the Bearer header or cookies), then the handler.
 */
export async function call(
	handler: Handler | undefined,
	options: CallOptions = {},
): Promise<Response> {
	if (!handler) throw new Error('no handler');
	const method = options.method ?? 'POST';
	const url = new URL(options.path ?? '/api/test', SITE);
	const headers = new Headers(options.headers);
	let body: string | undefined;
	if (options.rawBody !== undefined) body = options.rawBody;
	else if (options.body !== undefined) {
		body = JSON.stringify(options.body);
		if (!headers.has('content-type')) headers.set('content-type', 'application/json');
	}
	const request = new Request(url, { method, headers, ...(body !== undefined ? { body } : {}) });
	const context = {
		request,
		url,
		params: options.params ?? {},
		clientAddress: options.clientAddress ?? '203.0.113.7',
		locals: {
			locale: 'en',
			t: useTranslations('en'),
			origin: new URL(SITE).origin,
			requestId: 'test',
		},
		redirect: (location: string, status = 302) =>
			new Response(null, { status, headers: { Location: location } }),
	};
	const run = authMiddleware as unknown as (
		ctx: unknown,
		next: () => Promise<Response>,
	) => Promise<Response>;
	return run(context, async () =>
		(handler as (ctx: unknown) => Response | Promise<Response>)(context),
	);
}

/** All `Set-Cookie` values of a response, as name → full header. */
export function setCookies(response: Response): Map<string, string> {
	const map = new Map<string, string>();
	for (const line of response.headers.getSetCookie()) map.set(line.split('=')[0] ?? '', line);
	return map;
}

/** A `Cookie` request header carrying the values a response set. */
export function cookieHeader(response: Response): string {
	return [...setCookies(response).values()]
		.map((line) => line.split(';')[0] ?? '')
		.filter((pair) => !pair.endsWith('='))
		.join('; ');
}

export const median = (values: number[]): number => {
	const sorted = [...values].sort((a, b) => a - b);
	return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

export function setFakeClock(start = Date.now()): {
	advance: (ms: number) => void;
	now: () => number;
} {
	let t = start;
	setClockForTests(() => t);
	return { advance: (ms) => void (t += ms), now: () => t };
}
