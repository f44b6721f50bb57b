import type { Database } from '../db/client';
import { queueAlerts, startCursorAtEnd } from './queue';
import { type PushSend, purgeSent, sendDue, webPushSend } from './sender';
import { vapidKeys } from './vapid';

const RETRY_TICK_MS = 5_000;

/**
 * Drives the queue: each committed live event on the bus (published only after COMMIT,
 * src/server/live/apply.ts) starts a pass (read the log past the cursor, queue, send), and
 * a slow tick retries what failed and catches events another process committed. The live
 * fan-out never waits for it.
 */
export class PushRunner {
	private running = false;
	private again = false;
	private timer: NodeJS.Timeout | undefined;
	private unsubscribe: (() => void) | undefined;
	private ready: Promise<void> | undefined;

	constructor(
		private readonly db: () => Promise<Database>,
		private readonly send: PushSend = webPushSend,
	) {}

	/** `bus`: the live bus (only its subscribe; push does not depend on the live module). */
	start(bus: { subscribe(listener: () => void): () => void }): void {
		if (this.unsubscribe || !vapidKeys()) return;
		this.ready = this.db().then(startCursorAtEnd);
		this.unsubscribe = bus.subscribe(() => void this.kick());
		this.timer = setInterval(() => void this.kick(), RETRY_TICK_MS);
		this.timer.unref();
		void this.kick();
	}

	/** One pass now (several calls while one runs make one more pass, not many). */
	async kick(): Promise<void> {
		if (this.running) {
			this.again = true;
			return;
		}
		this.running = true;
		try {
			do {
				this.again = false;
				await this.pass();
			} while (this.again);
		} catch (error) {
			console.error('[push]', (error as Error).message);
		} finally {
			this.running = false;
		}
	}

	async pass(): Promise<void> {
		const vapid = vapidKeys();
		if (!vapid) return;
		await this.ready;
		const db = await this.db();
		while ((await queueAlerts(db)) > 0 || (await sendDue(db, vapid, this.send)) > 0) {
			// Until nothing is left to queue or send now.
		}
		await purgeSent(db);
	}

	stop(): void {
		this.unsubscribe?.();
		this.unsubscribe = undefined;
		clearInterval(this.timer);
	}
}
