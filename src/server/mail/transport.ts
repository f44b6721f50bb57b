import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import { config } from '../config';

export interface MailMessage {
	to: string;
	subject: string;
	text: string;
	html: string;
	/** A short label for file names and logs (e.g. 'reset-password'); never a secret. */
	kind: string;
}

let transporter: Transporter | undefined;
let transporterUrl: string | undefined;

function smtp(url: string): Transporter {
	if (!transporter || transporterUrl !== url) {
		transporter = nodemailer.createTransport(url);
		transporterUrl = url;
	}
	return transporter;
}

/**
 * Sends one message: over SMTP when SMTP_URL is set, otherwise into DATA_DIR/outbox as an
 * `.eml` file (the raw message) plus a `.json` summary a developer or a test can read.
 */
export async function deliver(message: MailMessage): Promise<void> {
	const { SMTP_URL, MAIL_FROM, DATA_DIR } = config();
	const envelope = {
		from: MAIL_FROM,
		to: message.to,
		subject: message.subject,
		text: message.text,
		html: message.html,
	};
	if (SMTP_URL) {
		await smtp(SMTP_URL).sendMail(envelope);
		return;
	}
	const raw = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
	const info = await raw.sendMail(envelope);
	const dir = join(DATA_DIR, 'outbox');
	await mkdir(dir, { recursive: true });
	const stem = `${Date.now()}-${message.kind}-${Math.random().toString(36).slice(2, 8)}`;
	await writeFile(join(dir, `${stem}.eml`), info.message as Buffer);
	await writeFile(
		join(dir, `${stem}.json`),
		JSON.stringify({ ...envelope, kind: message.kind, date: new Date().toISOString() }, null, 2),
	);
}

const pending = new Set<Promise<void>>();

/**
 * Queues a message and returns at once: the HTTP answer must not wait for (or reveal,
 * through its timing) whether a mail was sent. Failures are logged, never thrown.
 */
export function queueMail(message: MailMessage): void {
	const job = deliver(message)
		.catch((error: unknown) => {
			console.error(`[mail] ${message.kind} delivery failed`, error);
		})
		.finally(() => pending.delete(job));
	pending.add(job);
}

/**
 * Runs `work` off the request path (after the current turn of the event loop) and delivers
 * the message it returns, if any. For answers that must not reveal through their timing
 * whether a mail goes out: the caller does the same (nothing) in every case, and the
 * look-ups that decide it happen here. Tracked like queued mail; failures are logged.
 */
export function queueMailJob(kind: string, work: () => Promise<MailMessage | null>): void {
	const job = new Promise<void>((resolve) => setImmediate(resolve))
		.then(work)
		.then((message) => (message ? deliver(message) : undefined))
		.catch((error: unknown) => {
			console.error(`[mail] ${kind} job failed`, error);
		})
		.finally(() => pending.delete(job));
	pending.add(job);
}

/** Waits for every queued message (tests, graceful shutdown). */
export async function flushMail(): Promise<void> {
	while (pending.size > 0) await Promise.all([...pending]);
}
