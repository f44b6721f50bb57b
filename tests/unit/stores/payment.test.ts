import { afterEach, describe, expect, it, vi } from 'vitest';
import { $checkout, startCheckout } from '~/stores/payment';

// The pricing island's checkout (issue 28/2): one click is one Idempotency-Key, sent again
// on the automatic retry after a lost answer, so the server can answer the retry with the
// checkout it already opened. fetch is the network's edge: replaced here.

afterEach(() => {
	vi.unstubAllGlobals();
	$checkout.set({ status: 'idle' });
});

const BODY = { planId: 'premium-monthly', currency: 'EUR', locale: 'en' };

describe('startCheckout', () => {
	it('a lost answer is retried with the same key; a new click has a new key', async () => {
		vi.useFakeTimers();
		const keys: (string | null)[] = [];
		let calls = 0;
		vi.stubGlobal('fetch', async (_url: string, init: RequestInit) => {
			keys.push(new Headers(init.headers).get('idempotency-key'));
			calls++;
			// The first answer never arrives (the connection dropped after the server committed).
			if (calls === 1) throw new TypeError('network error');
			return Response.json({ checkoutId: 'co_x', redirectUrl: '/pay/co_x' }, { status: 201 });
		});
		const assign = vi.fn();
		vi.stubGlobal('window', { location: { assign } });
		const first = startCheckout(BODY);
		await vi.runAllTimersAsync();
		await first;
		expect(keys).toHaveLength(2);
		expect(keys[0]).toMatch(/^[A-Za-z0-9_.:-]{8,100}$/);
		expect(keys[1]).toBe(keys[0]);
		expect(assign).toHaveBeenCalledWith('/pay/co_x');

		const second = startCheckout(BODY);
		await vi.runAllTimersAsync();
		await second;
		expect(keys[2]).not.toBe(keys[0]);
		vi.useRealTimers();
	});

	it('gives up after the retries with the generic error', async () => {
		vi.useFakeTimers();
		const fetch = vi.fn(async () => {
			throw new TypeError('network error');
		});
		vi.stubGlobal('fetch', fetch);
		const done = startCheckout(BODY);
		await vi.runAllTimersAsync();
		await done;
		expect(fetch).toHaveBeenCalledTimes(3);
		expect($checkout.get()).toEqual({
			status: 'error',
			planId: 'premium-monthly',
			error: 'generic',
		});
		vi.useRealTimers();
	});
});
