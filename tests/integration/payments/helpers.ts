import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { resetAuthSecretForTests } from '~/server/auth/secret';
import { config, resetConfigForTests } from '~/server/config';
import { openDatabase, setDbHandleForTests, type DbHandle } from '~/server/db/client';
import { openScratchDatabase } from '../../helpers/database';
import { setPaymentsClockForTests } from '~/server/clock';
import { derivedKey } from '~/server/payments/keys';
import { SANDBOX_SIGNATURE_HEADER } from '~/server/payments/providers/sandbox';
import { signatureHeader } from '~/server/payments/signature';
import { setWebhookFaultForTests } from '~/server/payments/webhook';
import { openCheckout } from '~/server/payments/checkout';
import { clearReminderCache } from '~/server/payments/billing';
import { resetDealAttemptsForTests } from '~/server/payments/deal-codes';
import { registerAuthMails } from '~/server/auth/mails';
import { registerPaymentMails } from '~/server/payments/mail';

export const SITE = 'http://matchday.test';

// The mail kinds, as start-up registers them: these tests send mail without a start-up.
registerAuthMails();
registerPaymentMails();

let handle: DbHandle | undefined;
let dataDir = '';

/**
 * A fresh world for one test file: fixed secrets, temporary DATA_DIR (outbox), in-memory
 * PGlite, or a scratch database beside TEST_DATABASE_URL (payments tables emptied between tests).
 */
export async function setupPayments(
	env: Record<string, string> = {},
	url?: string,
): Promise<DbHandle> {
	dataDir = mkdtempSync(join(tmpdir(), 'payments-test-'));
	Object.assign(process.env, {
		AUTH_SECRET: 'test-secret-that-is-long-enough-for-hs256-0123456789',
		SITE_URL: SITE,
		DATA_DIR: dataDir,
		SMTP_URL: '',
		PAYMENT_PROVIDER: 'sandbox',
		NODE_ENV: 'test',
		...env,
	});
	resetConfigForTests();
	resetAuthSecretForTests();
	handle = url ? await openDatabase(url) : await openScratchDatabase();
	setDbHandleForTests(handle);
	await resetPayments();
	return handle;
}

export async function resetPayments(): Promise<void> {
	await handle?.exec(
		`TRUNCATE payment_events, payments, subscriptions, checkouts, users CASCADE;
		 UPDATE deals SET uses = 0;`,
	);
	setPaymentsClockForTests();
	setWebhookFaultForTests();
	clearReminderCache();
	resetDealAttemptsForTests();
	rmSync(join(config().DATA_DIR, 'outbox'), { recursive: true, force: true });
}

export async function teardownPayments(): Promise<void> {
	setDbHandleForTests(undefined);
	await handle?.close();
	rmSync(dataDir, { recursive: true, force: true });
}

export async function rows<T = Record<string, unknown>>(sql: string): Promise<T[]> {
	if (!handle) throw new Error('setupPayments first');
	const result = await handle.db.execute(sql as never);
	return ((result as unknown as { rows?: T[] }).rows ?? (result as unknown as T[])) as T[];
}

export async function count(table: string, where = 'true'): Promise<number> {
	const [r] = await rows<{ n: number }>(`SELECT count(*)::int AS n FROM ${table} WHERE ${where}`);
	return Number(r?.n ?? 0);
}

/** A user row, as registration would create it. */
export async function makeUser(
	email = `u${randomUUID().slice(0, 8)}@example.test`,
): Promise<{ id: string; email: string }> {
	const id = randomUUID();
	await rows(
		`INSERT INTO users (id, email, name, password_hash, created_at, updated_at)
		 VALUES ('${id}', '${email}', 'Test User', 'x', now(), now())`,
	);
	return { id, email };
}

/** A sandbox event body and its valid signature header. */
export function signedSandbox(
	event: Record<string, unknown>,
	at = Math.floor(Date.now() / 1000),
): { body: string; headers: Headers } {
	const body = JSON.stringify(event);
	return {
		body,
		headers: new Headers({
			'content-type': 'application/json',
			[SANDBOX_SIGNATURE_HEADER]: signatureHeader(body, derivedKey('sandbox-webhook'), at),
		}),
	};
}

let seq = 0;
export function eventId(): string {
	seq += 1;
	return `evt_test${Date.now()}x${seq}`;
}

export function outbox(): { kind: string; to: string }[] {
	const dir = join(config().DATA_DIR, 'outbox');
	try {
		return readdirSync(dir)
			.filter((f) => f.endsWith('.json'))
			.map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as { kind: string; to: string });
	} catch {
		return [];
	}
}

/**
 * Opens a checkout for `user` and returns the sandbox processor's signed "paid" delivery
 * for it: the starting point of every webhook fault test.
 */
export async function paidDeliveryFor(
	user: { id: string; email: string },
	planId: string,
	currency: string,
): Promise<{ body: string; headers: Headers; checkoutId: string }> {
	const opened = await openCheckout(
		{ id: user.id, email: user.email },
		{ planId, currency, locale: 'en' },
	);
	if (!opened.ok) throw new Error(opened.error);
	const signed = signedSandbox({
		id: eventId(),
		type: 'checkout.paid',
		created: Math.floor(Date.now() / 1000),
		data: { checkoutId: opened.checkoutId, providerRef: `sbx_${opened.checkoutId}` },
	});
	return { ...signed, checkoutId: opened.checkoutId };
}
