import { sql } from 'drizzle-orm';
import postgres from 'postgres';
import { afterAll, describe, expect, it } from 'vitest';
import { planOf } from '~/server/entitlements';
import { receiveWebhook, setWebhookFaultForTests } from '~/server/payments/webhook';
import { CuttableProxy } from '../../helpers/tcp-proxy';
import { count, makeUser, paidDeliveryFor, setupPayments, teardownPayments } from './helpers';

// D6 with a real cut: PostgreSQL is reached through a TCP proxy that the test resets in
// the middle of the webhook's transaction (after the dedupe row was written).
const PG = process.env.TEST_DATABASE_URL;

describe.skipIf(!PG)(
	'D6: the PostgreSQL connection is cut mid-handler (set TEST_DATABASE_URL)',
	() => {
		const name = `pay_cut_${Date.now().toString(36)}`;
		const admin = PG ? postgres(PG, { max: 1, onnotice: () => {} }) : undefined;
		const target = PG ? new URL(PG) : undefined;
		const proxy = new CuttableProxy(target?.hostname ?? '127.0.0.1', Number(target?.port || 5432));
		afterAll(async () => {
			setWebhookFaultForTests();
			await teardownPayments().catch(() => {});
			await proxy.cut().catch(() => {});
			await admin?.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
			await admin?.end({ timeout: 5 });
		});

		it('answers 5xx, keeps nothing, and the provider retry after recovery applies exactly once', async () => {
			await admin!.unsafe(`CREATE DATABASE ${name}`);
			await proxy.start();
			const url = new URL(PG!);
			url.hostname = '127.0.0.1';
			url.port = String(proxy.port);
			url.pathname = `/${name}`;
			await setupPayments({}, url.href);

			const user = await makeUser();
			const { body, headers } = await paidDeliveryFor(user, 'premium-monthly', 'EUR');

			setWebhookFaultForTests(async (tx) => {
				await proxy.cut();
				await tx.execute(sql`SELECT 1`);
			});
			const failed = await receiveWebhook('sandbox', body, headers);
			expect(failed.status).toBeGreaterThanOrEqual(500);
			expect(JSON.stringify(failed.body)).not.toMatch(/ECONNRESET|CONNECTION|postgres/i);

			setWebhookFaultForTests();
			await proxy.start();
			// What the cut transaction wrote was rolled back by the server.
			expect(await count('payment_events')).toBe(0);
			expect(await count('payments')).toBe(0);

			const retried = await receiveWebhook('sandbox', body, headers);
			expect(retried).toMatchObject({ status: 200, body: { duplicate: false } });
			const again = await receiveWebhook('sandbox', body, headers);
			expect(again).toMatchObject({ status: 200, body: { duplicate: true } });
			expect(await count('payment_events')).toBe(1);
			expect(await count('payments')).toBe(1);
			expect(await planOf(user.id)).toBe('premium-monthly');
		}, 60_000);
	},
);
