import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import * as forgotRoute from '~/pages/api/auth/forgot-password';
import * as registerRoute from '~/pages/api/auth/register';
import { setClockForTests } from '~/server/clock';
import { config } from '~/server/config';
import { openDatabase } from '~/server/db/client';
import { rowsOf } from '~/server/db/rows';
import { enqueueMail } from '~/server/mail/outbox';
import type { MailMessage } from '~/server/mail/transport';
import { flushMail, MAIL_GIVE_UP_MS, sendDueMail } from '~/server/mail/worker';
import { startSmtpStandIn } from '../../helpers/smtp-stand-in';
import { CuttableProxy } from '../../helpers/tcp-proxy';
import {
	call,
	count,
	db,
	outbox,
	resetAuthWorld,
	setupAuthWorld,
	teardownAuthWorld,
} from '../auth/helpers';

// Issue 28/6: mail goes through the mail_outbox table and a worker with retries, so a mail
// whose transport is down is sent once it recovers, exactly once.

const PASSWORD = 'correct horse battery staple';

interface Row {
	id: number;
	kind: string;
	attempts: number;
	last_error: string | null;
	sent_at: unknown;
	failed_at: unknown;
	next_attempt_at: string | Date;
}
const queue = async () =>
	rowsOf<Row>(await db().db.execute('SELECT * FROM mail_outbox ORDER BY id' as never));

/** Moves the auth clock (which the worker reads) `ms` ahead of the real one. */
const later = (ms: number) => setClockForTests(() => Date.now() + ms);

describe('mail outbox: the folder transport (issue 28/6)', () => {
	beforeAll(() => setupAuthWorld());
	afterAll(teardownAuthWorld);
	beforeEach(resetAuthWorld);

	const breakFolder = () => writeFileSync(join(config().DATA_DIR, 'outbox'), 'not a folder');
	const fixFolder = () =>
		rmSync(join(config().DATA_DIR, 'outbox'), { recursive: true, force: true });

	it('an unwritable outbox folder: register and forgot-password answer 202 as before, the rows wait, and after the fix each mail goes out exactly once', async () => {
		await call(registerRoute.POST, {
			body: { email: 'known@example.com', password: PASSWORD, name: 'Fan' },
		});
		await flushMail();
		fixFolder();
		breakFolder();
		const register = await call(registerRoute.POST, {
			body: { email: 'new@example.com', password: PASSWORD, name: 'New' },
		});
		expect(register.status).toBe(202);
		const forgot = await call(forgotRoute.POST, { body: { email: 'known@example.com' } });
		expect(forgot.status).toBe(202);
		await flushMail();
		const waiting = (await queue()).filter((r) => r.sent_at === null);
		expect(waiting.map((r) => [r.kind, r.attempts])).toEqual([
			['register', 1],
			['reset-request', 1],
		]);
		expect(waiting.every((r) => r.last_error && r.failed_at === null)).toBe(true);
		// Backoff: nothing is due again before its time, so a flush now tries nothing.
		fixFolder();
		await flushMail();
		expect(await outbox()).toEqual([]);
		later(31_000);
		await flushMail();
		later(10 * 60_000);
		await flushMail();
		const mails = await outbox();
		expect(mails.map((m) => [m.kind, m.to]).sort()).toEqual([
			['reset-password', 'known@example.com'],
			['welcome', 'new@example.com'],
		]);
		expect((await queue()).every((r) => r.sent_at !== null)).toBe(true);
	});

	it('a row that cannot be written fails the request: no 202, no account', async () => {
		await db().exec('ALTER TABLE mail_outbox RENAME TO mail_outbox_away');
		try {
			await expect(
				call(registerRoute.POST, {
					body: { email: 'lost@example.com', password: PASSWORD, name: 'Lost' },
				}),
			).rejects.toThrow();
			await expect(
				call(forgotRoute.POST, { body: { email: 'lost@example.com' } }),
			).rejects.toThrow();
		} finally {
			await db().exec('ALTER TABLE mail_outbox_away RENAME TO mail_outbox');
		}
		expect(await count('users')).toBe(0);
	});

	it('gives up after a day, logged, and never tries again', async () => {
		breakFolder();
		const error = vi.spyOn(console, 'error').mockImplementation(() => {});
		try {
			await call(forgotRoute.POST, { body: { email: 'nobody@example.com' } });
			await call(registerRoute.POST, {
				body: { email: 'stuck@example.com', password: PASSWORD, name: 'Stuck' },
			});
			for (let hour = 0; hour <= 25; hour++) {
				later(hour * 60 * 60_000);
				await flushMail();
			}
			const [row] = (await queue()).filter((r) => r.kind === 'register');
			expect(row?.failed_at).not.toBeNull();
			expect(row?.sent_at).toBeNull();
			expect(error.mock.calls.some((c) => /\[mail\] gave up mail/.test(String(c[0])))).toBe(true);
			// A reset for an unknown address is "nothing to send", not a failure.
			const [reset] = (await queue()).filter((r) => r.kind === 'reset-request');
			expect(reset).toMatchObject({ last_error: 'no account', failed_at: null });
			expect(MAIL_GIVE_UP_MS).toBe(24 * 60 * 60_000);
		} finally {
			error.mockRestore();
			fixFolder();
		}
		later(30 * 60 * 60_000);
		await flushMail();
		expect(await outbox()).toEqual([]);
	});
});

describe('mail outbox: SMTP down, then up (issue 28/6)', () => {
	let smtp: Awaited<ReturnType<typeof startSmtpStandIn>>;
	let proxy: CuttableProxy;
	const received = () => smtp.received;

	beforeAll(async () => {
		smtp = await startSmtpStandIn();
		proxy = new CuttableProxy('127.0.0.1', smtp.port);
		await proxy.start();
		await setupAuthWorld({ SMTP_URL: `smtp://127.0.0.1:${proxy.port}` });
	});
	afterAll(async () => {
		await teardownAuthWorld();
		await proxy.cut().catch(() => {});
		await smtp.close();
	});

	it('SMTP refuses while down: the welcome mail is retried with backoff and delivered once after recovery', async () => {
		await proxy.cut();
		const answer = await call(registerRoute.POST, {
			body: { email: 'smtp-down@example.com', password: PASSWORD, name: 'Down' },
		});
		expect(answer.status).toBe(202);
		await flushMail();
		later(31_000);
		await flushMail();
		const [row] = await queue();
		expect(row).toMatchObject({ kind: 'register', attempts: 2, sent_at: null, failed_at: null });
		// The second wait is longer than the first (30 s, then 60 s).
		expect(new Date(row!.next_attempt_at).getTime()).toBeGreaterThan(Date.now() + 31_000 + 50_000);
		expect(received()).toEqual([]);
		await proxy.start();
		later(31_000 + 61_000);
		await flushMail();
		later(24 * 60 * 60_000);
		await flushMail();
		expect(received().map((m) => m.to)).toEqual([['smtp-down@example.com']]);
		expect(received()[0]!.raw.replace(/=\r?\n/g, '')).toMatch(/auth\/confirm-email\?token=3D/);
		expect((await queue())[0]).toMatchObject({ attempts: 3, last_error: null });
		expect(await outbox()).toEqual([]);
	});
});

describe.skipIf(!process.env['TEST_DATABASE_URL'])(
	'mail outbox: two workers on PostgreSQL (issue 28/6)',
	() => {
		beforeAll(() => setupAuthWorld());
		afterAll(teardownAuthWorld);

		it('two processes draining one queue never send a row twice', async () => {
			const rows = 60;
			for (let i = 0; i < rows; i++)
				await enqueueMail(db().db, 'register', {
					email: `twice${i}@example.com`,
					locale: 'en',
					userId: null,
				});
			// A second client of the same database, as a second process would have.
			const url = new URL(process.env['TEST_DATABASE_URL']!);
			const name = rowsOf<{ name: string }>(
				await db().db.execute('SELECT current_database() AS name' as never),
			)[0]!.name;
			url.pathname = `/${name}`;
			const other = await openDatabase(url.toString());
			const sent: string[] = [];
			const send = async (m: MailMessage) => {
				// A send takes a while, as SMTP does: the other worker runs meanwhile.
				await new Promise((r) => setTimeout(r, 5));
				sent.push(m.to);
			};
			const drain = async (database: typeof other.db) => {
				let claimed = 0;
				for (;;) {
					const n = await sendDueMail(database, { send });
					if (n === 0) return claimed;
					claimed += n;
				}
			};
			try {
				const [a, b] = await Promise.all([drain(db().db), drain(other.db)]);
				expect(a + b).toBe(rows);
			} finally {
				await other.close();
			}
			expect(sent).toHaveLength(rows);
			expect(new Set(sent).size).toBe(rows);
			expect((await queue()).every((r) => r.sent_at !== null && r.attempts === 1)).toBe(true);
		});
	},
);
