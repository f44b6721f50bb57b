import { Redis } from 'ioredis';
import { liveEventSchema } from '../types';
import type { LiveEvent } from '../types';
import { MemoryBus } from './memory';
import type { BusListener, LiveBus } from './types';

export const LIVE_CHANNEL = 'matchday:live:events';

/**
 * Redis pub/sub bus. Local listeners always get an event at once (no round trip); Redis
 * carries it to the other processes, whose hubs drop the echo by id. When Redis is down
 * the bus reports `degraded`: publishing still reaches local clients, and the hub polls
 * the log to learn what other processes committed. ioredis reconnects (and resubscribes)
 * on its own; the mode flips back to `redis` once the subscription is live again.
 */
export class RedisBus implements LiveBus {
	readonly shared = true;
	private local = new MemoryBus();
	private pub: Redis;
	private sub: Redis;
	private modeListeners = new Set<(mode: LiveBus['mode']) => void>();
	private current: 'redis' | 'degraded' = 'degraded';
	private closed = false;
	private lastErrorLog = 0;
	/** Events committed while Redis was unreachable, re-published (in order) on return. */
	private unsent: LiveEvent[] = [];

	constructor(url: string, opts: { retryMaxMs?: number } = {}) {
		const retryMaxMs = opts.retryMaxMs ?? 2000;
		const common = {
			lazyConnect: false,
			retryStrategy: (times: number) => Math.min(100 * times, retryMaxMs),
			connectTimeout: 2000,
			// Never queue commands while disconnected: a publish must fail fast, not pile up.
			enableOfflineQueue: false,
			maxRetriesPerRequest: 0,
		};
		this.pub = new Redis(url, common);
		this.sub = new Redis(url, { ...common, enableOfflineQueue: true, maxRetriesPerRequest: null });
		for (const client of [this.pub, this.sub]) client.on('error', (e: Error) => this.logError(e));
		this.sub.on('ready', () => {
			this.sub.subscribe(LIVE_CHANNEL).then(
				() => {
					this.setMode('redis');
					void this.flushUnsent();
				},
				(e: Error) => this.logError(e),
			);
		});
		this.sub.on('close', () => this.setMode('degraded'));
		this.sub.on('end', () => this.setMode('degraded'));
		this.sub.on('message', (_channel: string, message: string) => this.onMessage(message));
	}

	get mode(): 'redis' | 'degraded' {
		return this.current;
	}

	private setMode(mode: 'redis' | 'degraded'): void {
		if (this.closed || mode === this.current) return;
		this.current = mode;
		console.warn(
			`[live] bus ${mode === 'redis' ? 'connected to Redis' : 'degraded: Redis unreachable'}`,
		);
		for (const listener of this.modeListeners) listener(mode);
	}

	/** Error messages name host and port at most; the URL (maybe with a password) is never logged. */
	private logError(error: Error): void {
		const now = Date.now();
		if (now - this.lastErrorLog < 10_000) return;
		this.lastErrorLog = now;
		console.warn(`[live] redis: ${error.message.replace(/redis:\/\/[^\s]*/g, 'redis://…')}`);
	}

	private onMessage(message: string): void {
		let parsed: LiveEvent;
		try {
			const result = liveEventSchema.safeParse(JSON.parse(message));
			if (!result.success) return;
			parsed = result.data;
		} catch {
			return;
		}
		this.local.deliver(parsed);
	}

	async publish(event: LiveEvent): Promise<void> {
		this.local.deliver(event);
		if (this.current !== 'redis' || this.unsent.length > 0) {
			this.keep(event);
			return;
		}
		try {
			await this.pub.publish(LIVE_CHANNEL, JSON.stringify(event));
		} catch (error) {
			// Committed in the log all the same: re-published on return, and other processes
			// poll the log meanwhile.
			this.keep(event);
			this.logError(error as Error);
		}
	}

	private keep(event: LiveEvent): void {
		this.unsent.push(event);
		// Bounded: beyond this the other processes' log polling is the only path.
		if (this.unsent.length > 10_000) this.unsent.shift();
	}

	private async flushUnsent(): Promise<void> {
		while (this.unsent.length > 0 && this.current === 'redis') {
			const event = this.unsent[0] as LiveEvent;
			try {
				await this.pub.publish(LIVE_CHANNEL, JSON.stringify(event));
				this.unsent.shift();
			} catch (error) {
				this.logError(error as Error);
				return;
			}
		}
	}

	subscribe(listener: BusListener): () => void {
		return this.local.subscribe(listener);
	}

	onModeChange(listener: (mode: LiveBus['mode']) => void): () => void {
		this.modeListeners.add(listener);
		return () => {
			this.modeListeners.delete(listener);
		};
	}

	listenerCount(): number {
		return this.local.listenerCount();
	}

	async close(): Promise<void> {
		this.closed = true;
		this.modeListeners.clear();
		await this.local.close();
		this.pub.disconnect();
		this.sub.disconnect();
	}
}
