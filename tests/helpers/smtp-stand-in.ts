import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** One message as the SMTP stand-in received it. */
export interface ReceivedMail {
	from: string;
	to: string[];
	raw: string;
}

/**
 * A real SMTP server in the test process (smtp-server, no TLS, no auth) on a free loopback
 * port: what it receives is pushed to `received`. Mail tests point SMTP_URL at it (or at a
 * TCP proxy in front of it, to take it down and up).
 */
export async function startSmtpStandIn(): Promise<{
	port: number;
	received: ReceivedMail[];
	close: () => Promise<void>;
}> {
	const received: ReceivedMail[] = [];
	const server = new SMTPServer({
		authOptional: true,
		disabledCommands: ['STARTTLS'],
		logger: false,
		onData(stream, session, done) {
			const chunks: Buffer[] = [];
			stream.on('data', (c: Buffer) => chunks.push(c));
			stream.on('end', () => {
				received.push({
					from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
					to: session.envelope.rcptTo.map((r) => r.address),
					raw: Buffer.concat(chunks).toString('utf8'),
				});
				done();
			});
		},
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	return {
		port: (server.server.address() as AddressInfo).port,
		received,
		close: () => new Promise<void>((resolve) => server.close(() => resolve())),
	};
}
