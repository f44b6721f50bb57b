import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openCheckout } from '~/server/payments/checkout';
import { entitlementsFor, planOf } from '~/server/entitlements';
import { signatureHeader } from '~/server/payments/signature';
import { receiveWebhook } from '~/server/payments/webhook';
import { SANDBOX_SIGNATURE_HEADER } from '~/server/payments/providers/sandbox';
import {
	count,
	eventId,
	makeUser,
	outbox,
	resetPayments,
	rows,
	setupPayments,
	signedSandbox,
	teardownPayments,
} from './helpers';

beforeAll(() => setupPayments());
afterAll(() => teardownPayments());
beforeEach(() => resetPayments());

async function openPremium(userId: string, email: string): Promise<string> {
	const result = await openCheckout(
		{ id: userId, email },
		{ planId: 'premium-monthly', currency: 'EUR', locale: 'en' },
	);
	if (!result.ok) throw new Error(result.error);
	return result.checkoutId;
}

function paidEvent(checkoutId: string, id = eventId(), created = Math.floor(Date.now() / 1000)) {
	return {
		id,
		type: 'checkout.paid',
		created,
		data: { checkoutId, providerRef: `sbx_${checkoutId}` },
	};
}

async function nothingHappened(): Promise<void> {
	expect(await count('payment_events')).toBe(0);
	expect(await count('payments')).toBe(0);
	expect(await count('subscriptions')).toBe(0);
}

describe('D1: signature on the raw body', () => {
	it('rejects missing, malformed, wrong-secret, altered and re-serialised deliveries', async () => {
		const user = await makeUser();
		const checkoutId = await openPremium(user.id, user.email);
		const event = paidEvent(checkoutId);
		const { body, headers } = signedSandbox(event);
		const t = Math.floor(Date.now() / 1000);
		const variants: { body: string; header: string | null }[] = [
			{ body, header: null },
			{ body, header: 'garbage' },
			{ body, header: `t=${t}` },
			{ body, header: signatureHeader(body, 'wrong-secret-wrong-secret', t) },
			{
				body: body.replace('"checkout.paid"', '"checkout.paie"'),
				header: headers.get(SANDBOX_SIGNATURE_HEADER),
			},
			{ body: `${body} `, header: headers.get(SANDBOX_SIGNATURE_HEADER) },
			{
				body: JSON.stringify(JSON.parse(body), null, 2),
				header: headers.get(SANDBOX_SIGNATURE_HEADER),
			},
		];
		for (const v of variants) {
			const h = new Headers({ 'content-type': 'application/json' });
			if (v.header !== null) h.set(SANDBOX_SIGNATURE_HEADER, v.header);
			const res = await receiveWebhook('sandbox', v.body, h);
			expect(res.status).toBe(400);
			const text = JSON.stringify(res.body);
			expect(text).not.toContain('test-secret');
			expect(text).not.toMatch(/[0-9a-f]{64}/);
		}
		await nothingHappened();
		expect(await planOf(user.id)).toBe('free');
	});

	it('accepts a header with two v1 values when one is valid (positive control)', async () => {
		const user = await makeUser();
		const checkoutId = await openPremium(user.id, user.email);
		const { body, headers } = signedSandbox(paidEvent(checkoutId));
		const good = headers.get(SANDBOX_SIGNATURE_HEADER) as string;
		headers.set(
			SANDBOX_SIGNATURE_HEADER,
			`${good.split(',')[0]},v1=${'0'.repeat(64)},${good.split(',')[1]}`,
		);
		const res = await receiveWebhook('sandbox', body, headers);
		expect(res.status).toBe(200);
		expect(await planOf(user.id)).toBe('premium-monthly');
	});

	it('an unknown provider name is 404', async () => {
		const res = await receiveWebhook('paypal', '{}', new Headers());
		expect(res.status).toBe(404);
	});
});

describe('D2: timestamp tolerance', () => {
	it('D2: rejects a valid signature 301 s old or 10 min ahead, and processes nothing', async () => {
		const user = await makeUser();
		const checkoutId = await openPremium(user.id, user.email);
		const t = Math.floor(Date.now() / 1000);
		for (const at of [t - 301, t + 600]) {
			const { body, headers } = signedSandbox(paidEvent(checkoutId), at);
			const res = await receiveWebhook('sandbox', body, headers);
			expect(res.status).toBe(400);
			expect(res.body).toMatchObject({ error: 'timestamp_outside_tolerance' });
		}
		await nothingHappened();
		const inside = signedSandbox(paidEvent(checkoutId), t - 299);
		expect((await receiveWebhook('sandbox', inside.body, inside.headers)).status).toBe(200);
	});
});

describe('D3/D4: idempotent deliveries', () => {
	it('D3: the same event twice in a row: both 2xx, one effect, one ledger row, one e-mail', async () => {
		const user = await makeUser();
		const checkoutId = await openPremium(user.id, user.email);
		const { body, headers } = signedSandbox(paidEvent(checkoutId));
		const first = await receiveWebhook('sandbox', body, headers);
		const second = await receiveWebhook('sandbox', body, headers);
		expect(first).toMatchObject({ status: 200, body: { duplicate: false } });
		expect(second).toMatchObject({ status: 200, body: { duplicate: true } });
		expect(await count('payments')).toBe(1);
		expect(await count('subscriptions')).toBe(1);
		expect(await count('payment_events')).toBe(1);
		expect(outbox().filter((m) => m.kind === 'payment-confirmation')).toHaveLength(1);
		const [u] = await rows<{ plan: string }>(`SELECT plan FROM users WHERE id = '${user.id}'`);
		expect(u?.plan).toBe('premium-monthly');
	});

	it('D4: the same event 10 times concurrently: all 2xx, exactly one effect', async () => {
		const user = await makeUser();
		const checkoutId = await openPremium(user.id, user.email);
		const { body, headers } = signedSandbox(paidEvent(checkoutId));
		const results = await Promise.all(
			Array.from({ length: 10 }, () => receiveWebhook('sandbox', body, headers)),
		);
		expect(results.every((r) => r.status === 200)).toBe(true);
		expect(results.filter((r) => 'duplicate' in r.body && !r.body.duplicate)).toHaveLength(1);
		expect(await count('payments')).toBe(1);
		expect(await count('subscriptions')).toBe(1);
		expect(outbox().filter((m) => m.kind === 'payment-confirmation')).toHaveLength(1);
	});

	it('D3: a second paid event (new id) for the same checkout adds nothing', async () => {
		const user = await makeUser();
		const checkoutId = await openPremium(user.id, user.email);
		for (let i = 0; i < 2; i++) {
			const { body, headers } = signedSandbox(paidEvent(checkoutId));
			expect((await receiveWebhook('sandbox', body, headers)).status).toBe(200);
		}
		expect(await count('payment_events')).toBe(2);
		expect(await count('payments')).toBe(1);
	});
});

describe('D5: out-of-order subscription events', () => {
	function subEvent(user: string, status: string, created: number, ref = 'sub_ooo') {
		return {
			id: eventId(),
			type: 'subscription.updated',
			created,
			data: {
				providerRef: ref,
				status,
				currentPeriodEnd: created + 30 * 86400,
				userId: user,
				planId: 'premium-monthly',
			},
		};
	}
	async function send(e: Record<string, unknown>) {
		const { body, headers } = signedSandbox(e);
		expect((await receiveWebhook('sandbox', body, headers)).status).toBe(200);
	}

	it('D5: updated(active) then a stale created(incomplete): ends active', async () => {
		const user = await makeUser();
		const t = Math.floor(Date.now() / 1000);
		await send(subEvent(user.id, 'active', t));
		await send(subEvent(user.id, 'incomplete', t - 5));
		const [s] = await rows<{ status: string }>(`SELECT status FROM subscriptions`);
		expect(s?.status).toBe('active');
		expect(await planOf(user.id)).toBe('premium-monthly');
	});

	it('D5: deleted then a stale updated(active): ends canceled and grants nothing', async () => {
		const user = await makeUser();
		const t = Math.floor(Date.now() / 1000);
		await send(subEvent(user.id, 'active', t - 10));
		await send(subEvent(user.id, 'canceled', t));
		await send(subEvent(user.id, 'active', t - 5));
		const [s] = await rows<{ status: string }>(`SELECT status FROM subscriptions`);
		expect(s?.status).toBe('canceled');
		expect(await entitlementsFor(user.id)).toEqual([]);
		const [u] = await rows<{ plan: string }>(`SELECT plan FROM users WHERE id = '${user.id}'`);
		expect(u?.plan).toBe('free');
	});

	it('D5: same-second events break ties by status rank, never backwards', async () => {
		const user = await makeUser();
		const t = Math.floor(Date.now() / 1000);
		await send(subEvent(user.id, 'active', t));
		await send(subEvent(user.id, 'incomplete', t));
		const [s] = await rows<{ status: string }>(`SELECT status FROM subscriptions`);
		expect(s?.status).toBe('active');
	});

	it('metadata naming an unknown user creates nothing', async () => {
		await send(
			subEvent('00000000-0000-4000-8000-000000000000', 'active', Math.floor(Date.now() / 1000)),
		);
		expect(await count('subscriptions')).toBe(0);
	});
});
