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
		// Bounded waits: the worker's lease (./worker.ts) must outlast a send, or another
		// worker could take the row and send it again.
		transporter = nodemailer.createTransport({
			url,
			connectionTimeout: 15_000,
			greetingTimeout: 15_000,
			socketTimeout: 60_000,
		});
		transporterUrl = url;
	}
	return transporter;
}

/**
 * Sends one message (the mail worker calls this; everything else queues through
 * ./outbox.ts): over SMTP when SMTP_URL is set, otherwise into DATA_DIR/outbox as an
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
