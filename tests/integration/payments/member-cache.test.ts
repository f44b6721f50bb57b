import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cacheRoute, clearRouteCache } from '~/server/cache/route-cache';
import { invalidateTags, planTag } from '~/server/cache/tags';
import { REMINDER_COOKIE } from '~/server/payments/billing';
import { SANDBOX_SIGNATURE_HEADER } from '~/server/payments/providers/sandbox';
import { receiveWebhook } from '~/server/payments/webhook';
import {
	makeUser,
	paidDeliveryFor,
	resetPayments,
	setupPayments,
	teardownPayments,
} from './helpers';

vi.mock('astro:middleware', () => ({ defineMiddleware: <T>(fn: T) => fn }));
const { memberCache } = await import('~/middleware/member-cache');
const { expiryReminder: reminderLookup } = await import('~/middleware/expiry-reminder');

// The route cache for signed-in visitors (src/middleware/member-cache.ts), after the real
// expiry-reminder lookup (src/middleware/expiry-reminder.ts, which hands the reminder on in
// locals): one render serves every signed-in visitor without a banner; a visitor whose
// plan is about to end gets their own render, banner included.

type Handler = (context: unknown, next: () => Promise<Response>) => Promise<Response>;

function visit(
	user: { id: string } | null,
	cookies: Record<string, string> = {},
	path = '/en/league/1',
) {
	const renders: string[] = [];
	/** What each render found in locals for the banner. */
	const reminders: unknown[] = [];
	const context = {
		request: new Request(`http://matchday.test${path}`),
		url: new URL(`http://matchday.test${path}`),
		locals: { user } as { user: { id: string } | null; expiryReminder?: unknown },
		cookies: { get: (name: string) => (name in cookies ? { value: cookies[name] } : undefined) },
	};
	const next = async () => {
		renders.push(user?.id ?? 'anonymous');
		reminders.push(context.locals.expiryReminder);
		const response = new Response(`<p>page for ${user?.id ?? 'anonymous'}</p>`, {
			headers: { 'Content-Type': 'text/html' },
		});
		cacheRoute(response.headers, { maxAge: 30, tags: ['competition:1'] });
		return response;
	};
	const middleware = [reminderLookup, memberCache] as unknown as Handler[];
	const run = () => middleware[0]!(context, () => middleware[1]!(context, next));
	return { run, renders, reminders };
}

beforeAll(() => setupPayments({ EXPIRY_REMINDER_DAYS: '60' }));
afterAll(() => teardownPayments());
beforeEach(async () => {
	await resetPayments();
	clearRouteCache();
});

async function buyMonthly(user: { id: string; email: string }): Promise<void> {
	const { body, headers } = await paidDeliveryFor(user, 'premium-monthly', 'EUR');
	const result = await receiveWebhook('sandbox', body, headers);
	expect(result.status, `webhook (${SANDBOX_SIGNATURE_HEADER})`).toBeLessThan(300);
}

describe('member cache', () => {
	it('renders a public page once for every signed-in visitor without a banner', async () => {
		const a = await makeUser();
		const b = await makeUser();
		const first = visit(a);
		expect(await (await first.run()).text()).toBe(`<p>page for ${a.id}</p>`);
		const second = visit(b);
		const hit = await second.run();
		expect(second.renders).toEqual([]);
		expect(hit.headers.get('x-cache')).toBe('HIT');
		expect(await hit.text()).toBe(`<p>page for ${a.id}</p>`);
	});

	it('never serves anonymous visitors, nor takes their pages', async () => {
		const anonymous = visit(null);
		await anonymous.run();
		expect(anonymous.renders).toEqual(['anonymous']);
		const member = visit(await makeUser());
		await member.run();
		expect(member.renders).toHaveLength(1); // not the anonymous page
	});

	it('gives a visitor whose plan is about to end a render of their own (their banner), each time', async () => {
		await visit(await makeUser()).run(); // a member page is stored
		const ending = await makeUser();
		await buyMonthly(ending); // sandbox plans do not renew: within 60 days of the end, a banner
		const own = visit(ending);
		await own.run();
		expect(own.renders).toEqual([ending.id]);
		expect(own.reminders).toEqual([expect.objectContaining({ planId: 'premium-monthly' })]);
		const again = visit(ending);
		await again.run();
		expect(again.renders).toEqual([ending.id]);
	});

	it('serves the shared page again once that visitor dismissed the banner', async () => {
		await visit(await makeUser()).run();
		const ending = await makeUser();
		await buyMonthly(ending);
		const { expiryReminder } = await import('~/server/payments/billing');
		const reminder = await expiryReminder(ending.id);
		expect(reminder).not.toBeNull();
		const dismissed = visit(ending, { [REMINDER_COOKIE]: reminder!.dismissKey });
		await dismissed.run();
		expect(dismissed.renders).toEqual([]);
	});

	it('renders afresh, banner hidden, when the reminder cannot be looked up', async () => {
		await visit(await makeUser()).run(); // a member page is stored
		// Not a user id the database can read: the lookup fails.
		const broken = visit({ id: 'not-a-uuid' });
		const response = await broken.run();
		expect(response.status).toBe(200);
		expect(broken.renders).toEqual(['not-a-uuid']);
		expect(broken.reminders).toEqual([undefined]);
	});

	it('keys by time zone like the anonymous cache', async () => {
		await visit(await makeUser(), { tz: 'Europe/Berlin' }).run();
		const tokyo = visit(await makeUser(), { tz: 'Asia/Tokyo' });
		await tokyo.run();
		expect(tokyo.renders).toHaveLength(1);
	});

	it('asks the database for the reminder once per user for a while; a payment makes it ask again', async () => {
		const { expiryReminder } = await import('~/server/payments/billing');
		const user = await makeUser();
		expect(await expiryReminder(user.id)).toBeNull(); // no plan, remembered
		await buyMonthly(user); // the webhook forgets what was remembered
		expect(await expiryReminder(user.id)).not.toBeNull();
		// A change the webhook did not make (another process, a hand edit) shows after the short
		// cache life, not at once.
		const { rows } = await import('./helpers');
		await rows(`DELETE FROM subscriptions WHERE user_id = '${user.id}'`);
		expect(await expiryReminder(user.id)).not.toBeNull();
		invalidateTags([planTag(user.id)]);
		expect(await expiryReminder(user.id)).toBeNull();
	});
});
