import type { LiveBus } from './bus';
import { latestId, oldestId, readSince, type Queryable } from './log';
import { formatEvent, formatSnapshot, PING, retryHint } from './sse';
import type { LiveEvent } from './types';
import { buildSnapshot } from './snapshot';

/** Where the hub writes one client's bytes. `backlog()` is bytes accepted but not yet sent. */
export interface SseSink {
	write(chunk: string): void;
	backlog(): number;
	/** `drop` discards unsent bytes (a slow client); `end` flushes them first. */
	close(mode: 'end' | 'drop'): void;
}

export interface HubOptions {
	bus: LiveBus;
	db: () => Promise<Queryable>;
	/** Bytes a client may have unsent before it is dropped. */
	maxQueueBytes?: number;
	/** Events replayed from the log at most; more than that gets a snapshot. */
	maxReplay?: number;
	heartbeatMs?: number;
	/** Log polling period while the bus cannot reach other processes. */
	pollMs?: number;
	/**
	 * Backstop poll while Redis is fine: another process may have committed while *its*
	 * Redis link was down, and nothing later has arrived to reveal the gap.
	 */
	safetyPollMs?: number;
	retryMs?: number;
}

interface Client {
	sink: SseSink;
	matches: Set<string> | null;
	/** Highest id written to this client: the exactly-once guard. */
	lastId: number;
	/** Events that arrived while the client was still being replayed or snapshotted. */
	pending: LiveEvent[] | null;
	closed: boolean;
}

export interface HubStats {
	clients: number;
	busListeners: number;
	cursor: number;
	mode: LiveBus['mode'];
	dropped: number;
}

/**
 * One per process: follows the log through the bus and writes each event, in id order and
 * exactly once, to the SSE clients that watch its match.
 *
 * Ordering: writers commit under an advisory lock, so when id N is committed every lower id
 * is settled. The hub keeps a cursor; an event right after it is delivered at once, an
 * event beyond a gap makes the hub read the gap from the log first (a rolled-back write, or
 * another process's publish overtaking). Older ids are echoes and are dropped.
 */
export class LiveHub {
	readonly bus: LiveBus;
	private readonly db: () => Promise<Queryable>;
	private readonly clients = new Set<Client>();
	private readonly maxQueueBytes: number;
	private readonly maxReplay: number;
	private readonly heartbeatMs: number;
	private readonly pollMs: number;
	private readonly safetyPollMs: number;
	private lastPoll = 0;
	private readonly retryMs: number;
	private cursor = 0;
	private inbox: LiveEvent[] = [];
	private draining = false;
	private dropped = 0;
	private timers: NodeJS.Timeout[] = [];
	private unsubscribers: Array<() => void> = [];
	private started: Promise<void> | undefined;
	private polling = false;
	/** Snapshot builds in flight, shared by the clients that arrive together (finding 13). */
	private readonly snapshots = new Map<string, ReturnType<typeof buildSnapshot>>();

	constructor(opts: HubOptions) {
		this.bus = opts.bus;
		this.db = opts.db;
		this.maxQueueBytes = opts.maxQueueBytes ?? 256 * 1024;
		this.maxReplay = opts.maxReplay ?? 1000;
		this.heartbeatMs = opts.heartbeatMs ?? 15_000;
		this.pollMs = opts.pollMs ?? 1000;
		this.safetyPollMs = opts.safetyPollMs ?? 5000;
		this.retryMs = opts.retryMs ?? 2000;
	}

	/** Reads the log position and starts following the bus; idempotent. */
	start(): Promise<void> {
		this.started ??= (async () => {
			this.cursor = await latestId(await this.db());
			this.unsubscribers.push(this.bus.subscribe((e) => this.receive(e)));
			this.unsubscribers.push(this.bus.onModeChange(() => void this.poll()));
			const beat = setInterval(() => this.heartbeat(), this.heartbeatMs);
			const poll = setInterval(() => {
				if (!this.bus.shared) return;
				const due = this.bus.mode === 'redis' ? this.safetyPollMs : this.pollMs;
				if (Date.now() - this.lastPoll >= due) void this.poll();
			}, this.pollMs);
			beat.unref();
			poll.unref();
			this.timers.push(beat, poll);
		})();
		return this.started;
	}

	stats(): HubStats {
		return {
			clients: this.clients.size,
			busListeners: this.bus.listenerCount(),
			cursor: this.cursor,
			mode: this.bus.mode,
			dropped: this.dropped,
		};
	}

	/** Catches up from the log (degraded mode, and whenever the bus changes mode). */
	async poll(): Promise<void> {
		if (this.polling) return;
		this.polling = true;
		this.lastPoll = Date.now();
		try {
			for (;;) {
				const rows = await readSince(await this.db(), this.cursor, { limit: 500 });
				for (const row of rows) this.receive(row);
				if (rows.length < 500) break;
			}
		} catch (error) {
			console.warn('[live] log poll failed', (error as Error).message);
		} finally {
			this.polling = false;
		}
	}

	private receive(event: LiveEvent): void {
		if (event.id <= this.cursor) return;
		this.inbox.push(event);
		if (!this.draining) void this.drain();
	}

	private async drain(): Promise<void> {
		this.draining = true;
		try {
			while (this.inbox.length > 0) {
				this.inbox.sort((a, b) => a.id - b.id);
				const event = this.inbox.shift() as LiveEvent;
				if (event.id <= this.cursor) continue;
				if (event.id !== this.cursor + 1) {
					// A gap: read it from the log, where every lower id is already settled.
					try {
						const rows = await readSince(await this.db(), this.cursor, {
							upToId: event.id - 1,
							limit: 10_000,
						});
						for (const row of rows) if (row.id > this.cursor) this.dispatch(row);
					} catch (error) {
						console.warn('[live] gap read failed', (error as Error).message);
					}
				}
				if (event.id > this.cursor) this.dispatch(event);
			}
		} finally {
			this.draining = false;
		}
	}

	private dispatch(event: LiveEvent): void {
		this.cursor = event.id;
		let text: string | undefined;
		for (const client of this.clients) {
			if (client.matches && !client.matches.has(event.matchId)) continue;
			if (client.pending) {
				client.pending.push(event);
				if (client.pending.length > this.maxReplay) this.drop(client);
				continue;
			}
			text ??= formatEvent(event);
			this.send(client, event.id, text);
		}
	}

	private send(client: Client, id: number, text: string): void {
		if (client.closed || id <= client.lastId) return;
		if (client.sink.backlog() + text.length > this.maxQueueBytes) {
			this.drop(client);
			return;
		}
		client.lastId = id;
		client.sink.write(text);
	}

	private drop(client: Client): void {
		if (client.closed) return;
		this.dropped++;
		this.remove(client, 'drop');
	}

	/** Releases everything a client holds; safe to call more than once. */
	remove(client: Client, mode: 'end' | 'drop' = 'end'): void {
		if (client.closed) return;
		client.closed = true;
		client.pending = null;
		this.clients.delete(client);
		try {
			client.sink.close(mode);
		} catch {
			// Already closed by the other side.
		}
	}

	private heartbeat(): void {
		for (const client of this.clients) {
			if (client.sink.backlog() + PING.length > this.maxQueueBytes) this.drop(client);
			else client.sink.write(PING);
		}
	}

	/**
	 * Registers a client and writes its start: events after `lastEventId` replayed from the
	 * log, or a snapshot when the id is missing, malformed, unknown or too old.
	 * Returns a function that releases the client (call it on disconnect).
	 */
	async connect(
		sink: SseSink,
		opts: { matches: string[] | null; lastEventId: number | null },
	): Promise<() => void> {
		await this.start();
		const client: Client = {
			sink,
			matches: opts.matches ? new Set(opts.matches) : null,
			lastId: -1,
			pending: [],
			closed: false,
		};
		this.clients.add(client);
		const release = () => this.remove(client);
		sink.write(retryHint(this.retryMs));
		try {
			const db = await this.db();
			let replayed = false;
			if (opts.lastEventId !== null) {
				const [latest, oldest] = await Promise.all([latestId(db), oldestId(db)]);
				const known =
					opts.lastEventId <= latest && (oldest === 0 || opts.lastEventId >= oldest - 1);
				if (known) {
					const rows = await readSince(db, opts.lastEventId, {
						matchIds: opts.matches,
						limit: this.maxReplay + 1,
					});
					if (rows.length <= this.maxReplay) {
						client.lastId = opts.lastEventId;
						for (const row of rows) this.send(client, row.id, formatEvent(row));
						replayed = true;
					}
				}
			}
			if (!replayed) {
				const snap = await this.sharedSnapshot(db, opts.matches);
				if (client.closed) return release;
				client.lastId = snap.cursor;
				sink.write(formatSnapshot(snap.cursor, snap.matches, opts.matches));
			}
			const pending = client.pending ?? [];
			client.pending = null;
			for (const event of pending) this.send(client, event.id, formatEvent(event));
		} catch (error) {
			console.error('[live] connect failed', error);
			release();
		}
		return release;
	}

	/**
	 * One snapshot build for every client that asks while it runs (a reconnect wave after a
	 * deploy or a goal would otherwise run the same queries once per client). A client may
	 * join a build only while the hub's cursor is still where it was when the build started:
	 * everything dispatched before is committed, hence within the build's position, and
	 * everything dispatched after reaches the client's pending queue (it registered first).
	 * So the key carries the cursor, and a dispatch in between starts a fresh build.
	 */
	private sharedSnapshot(
		db: Queryable,
		matches: readonly string[] | null,
	): ReturnType<typeof buildSnapshot> {
		const key = `${this.cursor}|${matches ? matches.join(',') : '*'}`;
		let flight = this.snapshots.get(key);
		if (!flight) {
			flight = buildSnapshot(db, matches);
			this.snapshots.set(key, flight);
			const done = () => {
				if (this.snapshots.get(key) === flight) this.snapshots.delete(key);
			};
			flight.then(done, done);
		}
		return flight;
	}

	/** SIGTERM: tell every client to come back soon, then close the streams. */
	shutdown(retryMs = 500): void {
		for (const client of [...this.clients]) {
			try {
				client.sink.write(retryHint(retryMs));
			} catch {
				// Ignore: closing anyway.
			}
			this.remove(client);
		}
	}

	/** Stops timers and bus listeners (tests, and process exit). */
	async close(): Promise<void> {
		this.shutdown();
		for (const t of this.timers) clearInterval(t);
		for (const u of this.unsubscribers) u();
		this.timers = [];
		this.unsubscribers = [];
		this.started = undefined;
	}
}
