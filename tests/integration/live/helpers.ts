import { createServer, get, type ClientRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import type { DbHandle } from '~/server/db/client';
import { openScratchDatabase } from '../../helpers/database';
import type { LiveBus } from '~/server/live/bus';
import { LiveHub, type HubOptions } from '~/server/live/hub';
import { handleLiveRequest } from '../../helpers/live-node-handler';
import { rowsOf } from '~/server/db/rows';

/** A database for one test: in-memory PGlite, or PostgreSQL when TEST_DATABASE_URL is set. */
export async function openTestDb(): Promise<DbHandle> {
	return openScratchDatabase();
}

/** Inserts a competition, season, two teams and `count` scheduled matches; returns match ids. */
export async function seedMatches(handle: DbHandle, count = 2): Promise<string[]> {
	const db = handle.db;
	const tag = Math.random().toString(36).slice(2, 8);
	await db.execute(sql`INSERT INTO competitions (code, slug, name, type, area_code, area_name, time_zone)
		VALUES (${`T${tag}`}, ${`t-${tag}`}, 'Test Cup', 'cup', 'XX', 'Testland', 'UTC')`);
	const [comp] = rowsOf<{ id: number }>(
		await db.execute(sql`SELECT id FROM competitions WHERE code = ${`T${tag}`}`),
	);
	await db.execute(
		sql`INSERT INTO seasons (competition_id, label, name) VALUES (${comp!.id}, '2026', 'Test Cup 2026')`,
	);
	const [season] = rowsOf<{ id: number }>(
		await db.execute(sql`SELECT id FROM seasons WHERE competition_id = ${comp!.id}`),
	);
	const teamIds: number[] = [];
	for (const name of ['Northton', 'Southby']) {
		const key = `${name}-${tag}`;
		await db.execute(sql`INSERT INTO teams (key, slug, name, short_name, colour_primary, colour_secondary)
			VALUES (${key}, ${key.toLowerCase()}, ${name}, ${name.slice(0, 3)}, '#000', '#fff')`);
		const [t] = rowsOf<{ id: number }>(
			await db.execute(sql`SELECT id FROM teams WHERE key = ${key}`),
		);
		teamIds.push(t!.id);
	}
	const ids: string[] = [];
	for (let i = 0; i < count; i++) {
		const [m] = rowsOf<{ id: number }>(
			await db.execute(sql`INSERT INTO matches (season_id, source_key, round, stage, home_team_id, away_team_id, kickoff_at, status)
			VALUES (${season!.id}, ${`m${i}`}, 'Final', 'knockout', ${teamIds[0]}, ${teamIds[1]}, now(), 'scheduled') RETURNING id`),
		);
		ids.push(String(m!.id));
	}
	return ids;
}

export interface TestServer {
	hub: LiveHub;
	url: string;
	server: Server;
	close(): Promise<void>;
}

/** The hub on a bare node:http server (GET /api/live only). */
export async function startHubServer(
	handle: DbHandle,
	bus: LiveBus,
	opts: Partial<HubOptions> = {},
): Promise<TestServer> {
	const hub = new LiveHub({ bus, db: async () => handle.db, ...opts });
	await hub.start();
	const server = createServer((req, res) => {
		if (req.url?.startsWith('/api/live')) handleLiveRequest(hub, req, res);
		else res.writeHead(404).end();
	});
	await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
	const port = (server.address() as AddressInfo).port;
	return {
		hub,
		server,
		url: `http://127.0.0.1:${port}`,
		async close() {
			await hub.close();
			server.closeAllConnections();
			await new Promise<void>((r) => server.close(() => r()));
		},
	};
}

export interface SseMessage {
	id?: string;
	event: string;
	data: Record<string, unknown>;
}

/** A minimal SSE client over node:http that records what it receives. */
export class SseClient {
	messages: SseMessage[] = [];
	pings = 0;
	retries: number[] = [];
	headers: Record<string, string | string[] | undefined> = {};
	status = 0;
	ended = false;
	private req: ClientRequest;
	private buffer = '';
	private waiters: Array<() => void> = [];

	constructor(url: string, headers: Record<string, string> = {}) {
		this.req = get(url, { headers: { Accept: 'text/event-stream', ...headers } }, (res) => {
			this.status = res.statusCode ?? 0;
			this.headers = res.headers;
			res.setEncoding('utf8');
			res.on('data', (chunk: string) => this.feed(chunk));
			res.on('end', () => this.finish());
			res.on('close', () => this.finish());
			res.on('error', () => this.finish());
			this.notify();
		});
		this.req.on('error', () => this.finish());
	}

	private finish(): void {
		this.ended = true;
		this.notify();
	}

	private notify(): void {
		for (const w of this.waiters.splice(0)) w();
	}

	private feed(chunk: string): void {
		this.buffer += chunk;
		let end: number;
		while ((end = this.buffer.indexOf('\n\n')) >= 0) {
			const block = this.buffer.slice(0, end);
			this.buffer = this.buffer.slice(end + 2);
			let id: string | undefined;
			let event = 'message';
			let data = '';
			for (const line of block.split('\n')) {
				if (line.startsWith(': ping')) this.pings++;
				else if (line.startsWith('id: ')) id = line.slice(4);
				else if (line.startsWith('event: ')) event = line.slice(7);
				else if (line.startsWith('data: ')) data += line.slice(6);
				else if (line.startsWith('retry: ')) this.retries.push(Number(line.slice(7)));
			}
			if (data)
				this.messages.push({ id, event, data: JSON.parse(data) as Record<string, unknown> });
		}
		this.notify();
	}

	/** Resolves when `predicate` holds (re-checked on every chunk); rejects after `ms`. */
	until(predicate: () => boolean, ms = 10_000): Promise<void> {
		return new Promise((resolve, reject) => {
			const timer = setTimeout(() => reject(new Error('SseClient.until timed out')), ms);
			const check = () => {
				if (predicate()) {
					clearTimeout(timer);
					resolve();
				} else this.waiters.push(check);
			};
			check();
		});
	}

	ids(kind?: string): number[] {
		return this.messages
			.filter((m) => m.event !== 'snapshot' && (!kind || m.event === kind))
			.map((m) => Number(m.id));
	}

	lastId(): string | undefined {
		return this.messages.at(-1)?.id;
	}

	close(): void {
		this.req.destroy();
	}
}
