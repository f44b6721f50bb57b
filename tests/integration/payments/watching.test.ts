import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useTranslations } from '~/i18n/server';
import { makeNames } from '~/server/views/names';
import type { DbHandle } from '~/server/db/client';
import { checkoutFormOutcome } from '~/server/payments/checkout-form';
import { checkoutRequestSchema, openCheckout } from '~/server/payments/checkout';
import { paymentStatusPage } from '~/server/payments/status-view';
import { receiveWebhook } from '~/server/payments/webhook';
import { attachReplayLive, detachReplayLive } from '~/server/streams/match-streams';
import { watchMarks } from '~/server/streams/marks';
import { matchWatchView } from '~/server/streams/match-watch';
import { watchAccess } from '~/server/streams/watch-view';
import { seedMatches } from '../live/helpers';
import {
	eventId,
	makeUser,
	resetPayments,
	rows,
	SITE,
	setupPayments,
	signedSandbox,
	teardownPayments,
} from './helpers';

let handle: DbHandle;
beforeAll(async () => {
	handle = await setupPayments();
});
afterAll(() => teardownPayments());
beforeEach(() => resetPayments());

const t = useTranslations('en');
// English keeps the data's names: no national teams to look up.
const ctx = { locale: 'en' as const, t, names: makeNames({ locale: 'en', t }, new Map()) };

async function aMatch(slug: string): Promise<number> {
	const [id] = await seedMatches(handle, 1);
	await rows(
		`UPDATE competitions SET slug = '${slug}' WHERE id = (SELECT s.competition_id FROM seasons s JOIN matches m ON m.season_id = s.id WHERE m.id = ${id})`,
	);
	return Number(id);
}

async function pay(checkoutId: string): Promise<void> {
	const { body, headers } = signedSandbox({
		id: eventId(),
		type: 'checkout.paid',
		created: Math.floor(Date.now() / 1000),
		data: { checkoutId, providerRef: `sbx_${checkoutId}` },
	});
	expect((await receiveWebhook('sandbox', body, headers)).status).toBe(200);
}

describe('the match pass, sold from the match', () => {
	it('the match page offers it; once paid the visitor returns to the match, which now plays', async () => {
		const matchId = await aMatch('euro-test');
		await attachReplayLive(handle.db, matchId);
		const watch = await matchWatchView(matchId, ctx);
		expect(watch?.lock?.buy).toMatchObject({
			action: '/api/checkout',
			fields: { planId: 'match-pass', matchId: String(matchId), currency: 'GBP' },
			label: 'Watch this match for £2.69',
		});
		expect(watch?.lock?.buy?.note).toContain('24 hours after full time');

		const user = await makeUser();
		expect(await watchAccess(`live-m${matchId}`, user.id, undefined)).toEqual({
			allowed: false,
			reason: 'plan',
		});
		const opened = await openCheckout(
			user,
			checkoutRequestSchema.parse({ ...watch?.lock?.buy?.fields }),
		);
		if (!opened.ok) throw new Error(opened.error);
		await pay(opened.checkoutId);
		const page = await paymentStatusPage(
			{ userId: user.id, checkoutId: opened.checkoutId, page: 'result' },
			ctx,
		);
		expect(page?.redirect).toBe(`/en/match/${matchId}#watch`);
		// Someone else asking about that checkout learns nothing, and is sent nowhere.
		const stranger = await makeUser();
		expect(
			await paymentStatusPage(
				{ userId: stranger.id, checkoutId: opened.checkoutId, page: 'result' },
				ctx,
			),
		).toBeUndefined();

		const access = await watchAccess(`live-m${matchId}`, user.id, undefined);
		expect(access).toMatchObject({ allowed: true, live: true });
		// Valid until 24 h after full time (taken as 3 h after kick-off, or after the purchase).
		const [sub] = await rows<{ current_period_end: string }>(
			'SELECT current_period_end FROM subscriptions',
		);
		const hours = (new Date(sub?.current_period_end as string).getTime() - Date.now()) / 3_600_000;
		expect(hours).toBeGreaterThan(26.9);
		expect(hours).toBeLessThan(27.1);

		// The pass is for that match only.
		const other = await aMatch('euro-test-2');
		await attachReplayLive(handle.db, other);
		expect(await watchAccess(`live-m${other}`, user.id, undefined)).toMatchObject({
			allowed: false,
		});
	});

	it('a checkout with no page to return to, or a foreign one, ends on the success page', async () => {
		const user = await makeUser();
		const opened = await openCheckout(
			user,
			checkoutRequestSchema.parse({
				planId: 'premium-monthly',
				currency: 'EUR',
				returnTo: '//evil.example/steal',
			}),
		);
		if (!opened.ok) throw new Error(opened.error);
		await pay(opened.checkoutId);
		const page = await paymentStatusPage(
			{ userId: user.id, checkoutId: opened.checkoutId, page: 'result' },
			ctx,
		);
		expect(page?.redirect).toBe(`/en/payment/success?checkout=${opened.checkoutId}`);
	});
});

describe('competition passes', () => {
	it('a Euro pass plays the Euro matches and no other', async () => {
		const euro = await aMatch('euro');
		const worldCup = await aMatch('world-cup');
		await attachReplayLive(handle.db, euro);
		await attachReplayLive(handle.db, worldCup);
		const user = await makeUser();
		await rows(`INSERT INTO subscriptions (user_id, plan_id, status, current_period_end, provider, provider_ref, last_event_at, created_at, updated_at)
			VALUES ('${user.id}', 'pass-euro', 'active', now() + interval '30 days', 'sandbox', 'sbx_e', now(), now(), now())`);
		expect(await watchAccess(`live-m${euro}`, user.id, undefined)).toMatchObject({ allowed: true });
		expect(await watchAccess(`live-m${worldCup}`, user.id, undefined)).toEqual({
			allowed: false,
			reason: 'plan',
		});
		const lock = (await matchWatchView(worldCup, ctx))?.lock;
		expect(lock?.alternatives.map((a) => a.label)).toEqual([
			'Or get World Cup pass',
			'Or get Premium monthly',
		]);
	});

	it('/pricing-sport sells only passes with content: no basketball, no tennis', async () => {
		const listed = await rows<{ id: string }>(
			`SELECT id FROM plans WHERE kind = 'sport_pass' AND listed ORDER BY position`,
		);
		expect(listed.map((p) => p.id)).toEqual(['pass-football', 'pass-world-cup', 'pass-euro']);
	});
});

describe('the checkout as a plain form post (JavaScript off)', () => {
	const post = (fields: Record<string, string>, headers: Record<string, string> = {}) =>
		new Request(`${SITE}/api/checkout`, {
			method: 'POST',
			headers: { 'content-type': 'application/x-www-form-urlencoded', origin: SITE, ...headers },
			body: new URLSearchParams(fields).toString(),
		});
	const fields = (matchId: number) => ({
		planId: 'match-pass',
		matchId: String(matchId),
		currency: 'EUR',
		locale: 'de',
		returnTo: `/de/match/${matchId}#watch`,
	});
	const signedIn = (user: { id: string; email: string }) =>
		({
			user: { id: user.id, email: user.email },
			session: { id: 's', kind: 'web' },
			origin: SITE,
		}) as never;

	it('not signed in: to the login, which comes back to the match', async () => {
		const matchId = await aMatch('euro-form');
		const outcome = await checkoutFormOutcome(
			post(fields(matchId)),
			{ user: null, session: null, origin: SITE } as never,
			'c',
		);
		expect(outcome).toEqual({
			status: 303,
			location: `/de/login?redirect=${encodeURIComponent(`/de/match/${matchId}#watch`)}`,
		});
	});

	it('signed in: 303 to the provider page; a bad field goes back with its error', async () => {
		const matchId = await aMatch('euro-form-2');
		const user = await makeUser();
		const ok = await checkoutFormOutcome(post(fields(matchId)), signedIn(user), 'c');
		expect(ok).toMatchObject({
			status: 303,
			location: expect.stringMatching(/\/de\/payment\/sandbox\/co_/),
		});
		const bad = await checkoutFormOutcome(
			post({ ...fields(matchId), planId: 'premium-monthly', currency: 'XYZ' }),
			signedIn(user),
			'c',
		);
		expect(bad).toEqual({
			status: 303,
			location: `/de/match/${matchId}?checkout_error=unsupported_currency#watch`,
		});
		const foreign = await checkoutFormOutcome(
			post({
				...fields(matchId),
				returnTo: 'https://evil.example/',
				currency: 'XYZ',
				planId: 'premium-monthly',
			}),
			signedIn(user),
			'c',
		);
		expect(foreign).toMatchObject({ location: '/de/pricing?checkout_error=unsupported_currency' });
	});

	it('a post from another site is refused', async () => {
		const matchId = await aMatch('euro-form-3');
		const user = await makeUser();
		const outcome = await checkoutFormOutcome(
			post(fields(matchId), { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' }),
			signedIn(user),
			'c',
		);
		expect(outcome).toEqual({ status: 403 });
	});
});

// Issue 14: the marks on match rows, personalised in the browser from one question.
describe('watch marks for one visitor', () => {
	it('"Watch" where the visitor may, else the plan that unlocks it; one answer for many matches', async () => {
		const live = await aMatch('euro-marks');
		await attachReplayLive(handle.db, live);
		const free = await aMatch('euro-marks-2');
		await detachReplayLive(handle.db, free, { highlight: true }); // a free demo highlight
		const none = await aMatch('euro-marks-3');
		const ids = [live, free, none];
		const t = ctx.t;

		const guest = await watchMarks(ids, null, undefined, t);
		expect(Object.keys(guest).sort()).toEqual([String(free), String(live)].sort());
		expect(guest[String(free)]).toMatchObject({ allowed: true, label: 'Watch' });
		expect(guest[String(live)]).toMatchObject({ allowed: false, reason: 'login' });
		expect(guest[String(live)]?.label).toMatch(/pass|Premium/);

		// A match pass for the live match: that one now plays; nothing else changes.
		const user = await makeUser();
		const watch = await matchWatchView(live, ctx);
		const opened = await openCheckout(
			user,
			checkoutRequestSchema.parse({ ...watch?.lock?.buy?.fields }),
		);
		if (!opened.ok) throw new Error(opened.error);
		expect((await watchMarks(ids, user.id, undefined, t))[String(live)]).toMatchObject({
			allowed: false,
			reason: 'plan',
		});
		await pay(opened.checkoutId);
		const paid = await watchMarks(ids, user.id, undefined, t);
		expect(paid[String(live)]).toEqual({ allowed: true, plan: null, reason: null, label: 'Watch' });
		expect(paid[String(free)]?.allowed).toBe(true);

		// In German, and an empty question costs nothing.
		const de = await watchMarks([live], null, undefined, useTranslations('de'));
		expect(de[String(live)]?.label).not.toBe(guest[String(live)]?.label);
		expect(await watchMarks([], user.id, undefined, t)).toEqual({});
	});
});
