import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as checkoutRoute from '~/pages/api/checkout';
import * as cancelRoute from '~/pages/api/payments/cancel';
import * as reminderRoute from '~/pages/api/payments/reminder';
import { useTranslations } from '~/i18n/server';
import { openCheckout } from '~/server/payments/checkout';
import { sandboxPage } from '~/server/payments/sandbox-page';
import { receiveWebhook } from '~/server/payments/webhook';
import {
	count,
	eventId,
	makeUser,
	outbox,
	paidDeliveryFor,
	resetPayments,
	rows,
	SITE,
	setupPayments,
	signedSandbox,
	teardownPayments,
} from './helpers';

/*
 * Issue 28/2 for payments: every member write takes an Idempotency-Key (header, or the
 * hidden field of a plain form); a repeat answers with the first status and body and writes
 * nothing; the same key on another request is 422. A repeat stands for a retry whose first
 * answer was lost on the way back: the server committed, the browser never heard.
 */

beforeAll(() => setupPayments());
afterAll(() => teardownPayments());
beforeEach(() => resetPayments());

type User = { id: string; email: string };
type Route = (ctx: unknown) => Promise<Response>;

/** What the auth middleware leaves for a signed-in member posting from our own pages. */
const localsOf = (user: User) => ({ user, session: { id: `session-${user.id}` }, origin: SITE });

function postJson(user: User, body: unknown, key?: string): Promise<Response> {
	const request = new Request(`${SITE}/api/checkout`, {
		method: 'POST',
		headers: {
			'content-type': 'application/json',
			origin: SITE,
			...(key ? { 'idempotency-key': key } : {}),
		},
		body: JSON.stringify(body),
	});
	return (checkoutRoute.POST as unknown as Route)({
		request,
		locals: localsOf(user),
		clientAddress: '203.0.113.9',
	});
}

function postForm(
	route: { POST: unknown },
	path: string,
	user: User,
	fields: Record<string, string>,
	extra: Record<string, unknown> = {},
): Promise<Response> {
	const request = new Request(`${SITE}${path}`, {
		method: 'POST',
		headers: { 'content-type': 'application/x-www-form-urlencoded', origin: SITE },
		body: new URLSearchParams(fields).toString(),
	});
	return (route.POST as Route)({
		request,
		locals: localsOf(user),
		clientAddress: '203.0.113.9',
		url: new URL(request.url),
		...extra,
	});
}

const PREMIUM = { planId: 'premium-monthly', currency: 'EUR', locale: 'en' };

async function answer(response: Response): Promise<{ status: number; body: string }> {
	return { status: response.status, body: await response.text() };
}

describe('checkout (JSON, the pricing island)', () => {
	it('a repeated key answers the first 201 byte for byte and opens one checkout, even after it was paid', async () => {
		const user = await makeUser();
		const first = await answer(await postJson(user, PREMIUM, 'k-checkout-1'));
		expect(first.status).toBe(201);
		const retry = await postJson(user, PREMIUM, 'k-checkout-1');
		expect(retry.headers.get('idempotent-replayed')).toBe('true');
		expect(await answer(retry)).toEqual(first);
		expect(await count('checkouts')).toBe(1);

		// The member paid meanwhile; a late retry of the same click still gets its answer,
		// not "already subscribed", and opens nothing.
		const { checkoutId } = JSON.parse(first.body) as { checkoutId: string };
		const paid = paidDelivery(checkoutId);
		expect((await receiveWebhook('sandbox', paid.body, paid.headers)).status).toBe(200);
		expect(await answer(await postJson(user, PREMIUM, 'k-checkout-1'))).toEqual(first);
		expect(await count('checkouts')).toBe(1);
		expect(await count('payments')).toBe(1);
		// A new click (new key) is a new request: refused, the plan is owned.
		expect((await postJson(user, PREMIUM, 'k-checkout-2')).status).toBe(409);
	});

	it('the same key for another request is 422 (as the console answers); a malformed key is 400', async () => {
		const user = await makeUser();
		expect((await postJson(user, PREMIUM, 'k-checkout-3')).status).toBe(201);
		const other = await postJson(user, { ...PREMIUM, planId: 'premium-yearly' }, 'k-checkout-3');
		expect(other.status).toBe(422);
		expect(await other.json()).toMatchObject({ error: 'idempotency_key_reused' });
		const bad = await postJson(user, PREMIUM, 'short');
		expect(bad.status).toBe(400);
		expect(await bad.json()).toMatchObject({ fields: ['Idempotency-Key'] });
		expect(await count('checkouts')).toBe(1);
	});

	it('two copies racing with one key: one checkout, both get the same status and body', async () => {
		const user = await makeUser();
		const [a, b] = await Promise.all([
			postJson(user, PREMIUM, 'k-checkout-race').then(answer),
			postJson(user, PREMIUM, 'k-checkout-race').then(answer),
		]);
		expect(a).toEqual(b);
		expect(a.status).toBe(201);
		expect(await count('checkouts')).toBe(1);
	});

	it('another member may use the same key: keys are per member', async () => {
		const one = await makeUser();
		const two = await makeUser();
		expect((await postJson(one, PREMIUM, 'k-shared-key')).status).toBe(201);
		expect((await postJson(two, PREMIUM, 'k-shared-key')).status).toBe(201);
		expect(await count('checkouts')).toBe(2);
	});
});

/** The sandbox's signed "paid" delivery for a checkout that is already open. */
function paidDelivery(checkoutId: string) {
	return signedSandbox({
		id: eventId(),
		type: 'checkout.paid',
		created: Math.floor(Date.now() / 1000),
		data: { checkoutId, providerRef: `sbx_${checkoutId}` },
	});
}

describe('plain forms (JavaScript off): the key is a hidden field', () => {
	it('checkout form: posted twice, sent to the same place, one checkout', async () => {
		const user = await makeUser();
		const fields = { ...PREMIUM, idempotencyKey: 'k-form-checkout' };
		const first = await postForm(checkoutRoute, '/api/checkout', user, fields);
		expect(first.status).toBe(303);
		const location = first.headers.get('location');
		expect(location).toMatch(/\/en\/payment\/sandbox\/co_/);
		const again = await postForm(checkoutRoute, '/api/checkout', user, fields);
		expect(again.status).toBe(303);
		expect(again.headers.get('location')).toBe(location);
		expect(await count('checkouts')).toBe(1);
		const other = await postForm(checkoutRoute, '/api/checkout', user, {
			...fields,
			currency: 'USD',
		});
		expect(other.status).toBe(422);
	});

	it('cancel: posted twice, one cancellation, the same answer; the key cannot cancel another', async () => {
		const user = await makeUser();
		const paid = await paidDeliveryFor(user, 'premium-monthly', 'EUR');
		expect((await receiveWebhook('sandbox', paid.body, paid.headers)).status).toBe(200);
		const [sub] = await rows<{ id: number }>(
			`SELECT id FROM subscriptions WHERE user_id = '${user.id}'`,
		);
		const fields = { subscription: String(sub!.id), locale: 'de', idempotencyKey: 'k-cancel-1' };
		const first = await postForm(cancelRoute, '/api/payments/cancel', user, fields);
		expect(first.status).toBe(303);
		expect(first.headers.get('location')).toBe('/de/account?billing=canceled');
		const [after] = await rows<{ updated_at: Date; cancel_at_period_end: boolean }>(
			`SELECT updated_at, cancel_at_period_end FROM subscriptions WHERE id = ${sub!.id}`,
		);
		expect(after?.cancel_at_period_end).toBe(true);

		const again = await postForm(cancelRoute, '/api/payments/cancel', user, fields);
		expect(again.status).toBe(303);
		expect(again.headers.get('location')).toBe('/de/account?billing=canceled');
		expect(again.headers.get('idempotent-replayed')).toBe('true');
		// Not cancelled a second time: the row was not touched again.
		const [later] = await rows<{ updated_at: Date }>(
			`SELECT updated_at FROM subscriptions WHERE id = ${sub!.id}`,
		);
		expect(later?.updated_at).toEqual(after?.updated_at);

		const other = await postForm(cancelRoute, '/api/payments/cancel', user, {
			...fields,
			subscription: String(sub!.id + 1),
		});
		expect(other.status).toBe(422);
	});

	it('reminder: posted twice, the same answer and the same cookie; the key cannot dismiss another', async () => {
		const user = await makeUser();
		const set: string[] = [];
		const cookies = { set: (name: string, value: string) => set.push(`${name}=${value}`) };
		const fields = { key: '12-1900000000', next: '/en/', idempotencyKey: 'k-reminder-1' };
		const first = await postForm(reminderRoute, '/api/payments/reminder', user, fields, {
			cookies,
		});
		const again = await postForm(reminderRoute, '/api/payments/reminder', user, fields, {
			cookies,
		});
		expect([first.status, again.status]).toEqual([303, 303]);
		expect(again.headers.get('location')).toBe(first.headers.get('location'));
		expect(set).toEqual([
			'plan_reminder_dismissed=12-1900000000',
			'plan_reminder_dismissed=12-1900000000',
		]);
		const other = await postForm(
			reminderRoute,
			'/api/payments/reminder',
			user,
			{ ...fields, key: '13-1900000000' },
			{ cookies },
		);
		expect(other.status).toBe(422);
		expect(set).toHaveLength(2);
	});
});

describe('paying: the sandbox card page', () => {
	it('the card form posted twice at once (a double click, a resubmit) charges once', async () => {
		const user = await makeUser();
		const opened = await openCheckout(user, {
			planId: 'premium-monthly',
			currency: 'EUR',
			locale: 'en',
		});
		if (!opened.ok) throw new Error(opened.error);
		const pay = () => {
			const form = new FormData();
			for (const [k, v] of Object.entries({
				card: '4242 4242 4242 4242',
				expiry: '12/40',
				cvc: '123',
			}))
				form.set(k, v);
			return sandboxPage({
				userId: user.id,
				checkoutId: opened.checkoutId,
				locale: 'en',
				t: useTranslations('en'),
				form,
			});
		};
		const [a, b] = await Promise.all([pay(), pay()]);
		const result = `/en/payment/result?checkout=${opened.checkoutId}`;
		expect(a).toEqual({ kind: 'redirect', to: result });
		expect(b).toEqual({ kind: 'redirect', to: result });
		// Posted again later: the checkout is paid, the page only sends to the result.
		expect(await pay()).toEqual({ kind: 'redirect', to: result });
		expect(await count('payments')).toBe(1);
		expect(await count('subscriptions')).toBe(1);
		expect(outbox().filter((m) => m.kind === 'payment-confirmation')).toHaveLength(1);
	});
});

describe('webhooks are idempotent by the provider event id', () => {
	it('a paid delivery replayed later changes nothing and sends no second mail', async () => {
		const user = await makeUser();
		const paid = await paidDeliveryFor(user, 'premium-monthly', 'EUR');
		expect((await receiveWebhook('sandbox', paid.body, paid.headers)).status).toBe(200);
		const snapshot = async () => ({
			subscriptions: await rows('SELECT * FROM subscriptions ORDER BY id'),
			payments: await rows('SELECT * FROM payments ORDER BY id'),
			checkouts: await rows('SELECT * FROM checkouts ORDER BY id'),
			users: await rows(`SELECT plan FROM users WHERE id = '${user.id}'`),
		});
		const before = await snapshot();
		const mails = outbox().filter((m) => m.kind === 'payment-confirmation').length;
		expect(mails).toBe(1);
		const replay = await receiveWebhook('sandbox', paid.body, paid.headers);
		expect(replay).toMatchObject({ status: 200, body: { duplicate: true } });
		expect(await snapshot()).toEqual(before);
		expect(outbox().filter((m) => m.kind === 'payment-confirmation')).toHaveLength(1);
	});
});
