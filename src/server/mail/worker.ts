import { now } from '../clock';
import { type Database, getDb } from '../db/client';
import { composeMail } from './kinds';
import {
	claimDueMail,
	markMailFailed,
	markMailSent,
	onMailQueued,
	purgeMailOutbox,
} from './outbox';
import { deliver, type MailMessage } from './transport';

/** What sends one message: SMTP or the outbox folder (./transport.ts); another in tests. */
export type MailSend = (message: MailMessage) => Promise<void>;

const BATCH = 20;
/**
 * A claimed row is another worker's again after this long: well past the transport's own
 * timeouts (./transport.ts), so a slow send is not sent twice, and a process that died
 * mid-send leaves its row to be retried.
 */
export const MAIL_LEASE_MS = 5 * 60_000;
/** A mail not delivered within a day is given up (and logged): its news is stale. */
export const MAIL_GIVE_UP_MS = 24 * 60 * 60_000;
const TICK_MS = 10_000;
const KEEP_DAYS = 7;

/** Wait after the n-th failed attempt: 30 s, 1 min, 2 min, ... at most an hour. */
export const mailBackoffMs = (attempt: number): number =>
	Math.min(30_000 * 2 ** Math.max(0, attempt - 1), 60 * 60_000);

/**
 * One batch: claims due rows (or only `ids`), composes and sends each, and records the
 * outcome. A failure (transport or composing) schedules the next attempt after the backoff,
 * or gives up past MAIL_GIVE_UP_MS. Returns how many rows were claimed.
 */
export async function sendDueMail(
	db: Database,
	opts: { send?: MailSend; ids?: number[] } = {},
): Promise<number> {
	const send = opts.send ?? deliver;
	const claimed = await claimDueMail(db, { limit: BATCH, leaseMs: MAIL_LEASE_MS, ids: opts.ids });
	for (const row of claimed) {
		try {
			const message = await composeMail(db, row);
			if ('skip' in message) {
				await markMailSent(db, row.id, message.skip);
				continue;
			}
			await send(message);
			await markMailSent(db, row.id, null);
		} catch (error) {
			const reason = (error as Error).message || String(error);
			const next = now() + mailBackoffMs(row.attempts);
			const giveUp = next - row.createdAt.getTime() > MAIL_GIVE_UP_MS;
			await markMailFailed(db, row.id, reason, giveUp ? null : next);
			if (giveUp)
				console.error(
					`[mail] gave up mail ${row.id} (${row.kind}) after ${row.attempts} attempts: ${reason}`,
				);
			else
				console.warn(
					`[mail] mail ${row.id} (${row.kind}) attempt ${row.attempts} failed: ${reason}`,
				);
		}
	}
	return claimed.length;
}

/**
 * Drives the outbox in one process: a queued mail (announced after its commit) starts a
 * pass at once, and a slow tick picks up retries that are due and rows other processes
 * queued. Passes never overlap in a process; across processes the claim keeps rows apart.
 */
export class MailWorker {
	/** The pass running or last run; a new one starts after it. */
	private tail: Promise<void> = Promise.resolve();
	/** The pass waiting to start: every kick until it starts joins it. */
	private queued: Promise<void> | undefined;
	private timer: NodeJS.Timeout | undefined;
	private unsubscribe: (() => void) | undefined;
	private lastPurge = 0;

	constructor(
		private readonly db: () => Promise<Database>,
		private readonly send: MailSend = deliver,
	) {}

	start(): void {
		if (this.unsubscribe) return;
		this.unsubscribe = onMailQueued(() => void this.kick());
		this.timer = setInterval(() => void this.kick(), TICK_MS);
		this.timer.unref();
		void this.kick();
	}

	/** A pass after the current one (kicks meanwhile share it); resolves when it is done. */
	kick(): Promise<void> {
		this.queued ??= this.tail.then(async () => {
			this.queued = undefined;
			try {
				await this.pass();
			} catch (error) {
				console.error('[mail]', (error as Error).message);
			}
		});
		this.tail = this.queued;
		return this.queued;
	}

	private async pass(): Promise<void> {
		const db = await this.db();
		while ((await sendDueMail(db, { send: this.send })) > 0) {
			// Until nothing is due now.
		}
		if (now() - this.lastPurge > 60 * 60_000) {
			this.lastPurge = now();
			await purgeMailOutbox(db, KEEP_DAYS);
		}
	}

	stop(): void {
		this.unsubscribe?.();
		this.unsubscribe = undefined;
		clearInterval(this.timer);
	}
}

let worker: MailWorker | undefined;

/** Starts this process's mail worker (start-up task, src/server/startup.ts). */
export function startMailWorker(): void {
	worker ??= new MailWorker(getDb);
	worker.start();
}

/** Stops it (shutdown, tests). */
export function stopMailWorker(): void {
	worker?.stop();
}

/**
 * Tries the given queued rows now, on the caller's path (a webhook after its commit). A
 * failure is recorded on the row for the worker's retry, never thrown.
 */
export async function sendQueuedMailNow(ids: number[]): Promise<void> {
	try {
		await sendDueMail(await getDb(), { ids });
	} catch (error) {
		console.error('[mail] immediate send failed; the worker retries', error);
	}
}

/**
 * Sends everything due now and waits for it (tests, graceful shutdown). Rows waiting for
 * their backoff stay queued: move the clock (setClockForTests) to make them due.
 */
export async function flushMail(): Promise<void> {
	await worker?.kick();
	const db = await getDb();
	while ((await sendDueMail(db)) > 0) {
		// Until nothing is due now.
	}
}
