import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as loginRoute from '~/pages/api/auth/login';
import * as refreshRoute from '~/pages/api/auth/refresh-token';
import * as registerRoute from '~/pages/api/auth/register';
import * as meRoute from '~/pages/api/me';
import * as mediaRoute from '~/pages/media/[stream]/[file]';
import { disableUser } from '~/server/auth/account';
import { receiveWebhook } from '~/server/payments/webhook';
import { ANONYMOUS, playbackUrl } from '~/server/streams/signing';
import { streamPage } from '~/server/streams/watch-view';
import { eventId, paidDeliveryFor, signedSandbox } from '../payments/helpers';
import {
	call,
	db,
	resetAuthWorld,
	setFakeClock,
	setupAuthWorld,
	teardownAuthWorld,
} from './helpers';

/**
 * Checklist rows B7 and F7: access that ends while a paid stream plays. The premium stream
 * is the signed HLS stream (/media/...): the player reloads its manifest every few seconds,
 * and the manifest re-checks the viewer and their plan. (Segments: issue 11, finding 20,
 * on another branch.)
 */

const PASSWORD = 'correct horse battery staple';
const STREAM = 'demo-movie';

interface Login {
	id: string;
	token: { access_token: string; refresh_token: string };
}

async function member(email: string): Promise<Login> {
	await call(registerRoute.POST, { body: { email, password: PASSWORD, name: 'Fan' } });
	const response = await call(loginRoute.POST, { body: { email, password: PASSWORD } });
	expect(response.status).toBe(200);
	return ((await response.json()) as { data: Login }).data;
}

/** Buys premium the real way: a checkout, then the provider's signed "paid" webhook. */
async function buyPremium(user: { id: string; email: string }): Promise<void> {
	const paid = await paidDeliveryFor(user, 'premium-monthly', 'EUR');
	expect((await receiveWebhook('sandbox', paid.body, paid.headers)).status).toBe(200);
}

/** The watch page's playback address for a viewer, or null when it offers none. */
async function playback(userId: string | null): Promise<string | null> {
	const view = await streamPage({ kinds: ['movie'], play: STREAM, userId, country: undefined });
	return (view?.watching?.src as string | null | undefined) ?? null;
}

/** GET of a signed media address as the server runs it (auth middleware, then the route). */
async function media(src: string, token?: string): Promise<number> {
	const url = new URL(src, 'http://x');
	const [, , stream, file] = url.pathname.split('/');
	const response = await call(mediaRoute.GET, {
		method: 'GET',
		path: `${url.pathname}${url.search}`,
		params: { stream: stream!, file: file! },
		headers: token ? { authorization: `Bearer ${token}` } : {},
	});
	return response.status;
}

async function me(token: string): Promise<number> {
	return (await call(meRoute.GET, { method: 'GET', headers: { authorization: `Bearer ${token}` } }))
		.status;
}

describe('revocation while a paid stream plays (checklist B7, F7)', () => {
	beforeAll(() => setupAuthWorld());
	afterAll(teardownAuthWorld);
	beforeEach(resetAuthWorld);

	it('F7: without a login or with an ended plan the paid stream is refused (403, no URL)', async () => {
		// Anonymous: no address offered, and an anonymous signature opens nothing paid.
		expect(await playback(null)).toBeNull();
		const anonymous = playbackUrl(ANONYMOUS, STREAM).url;
		expect(await media(anonymous)).toBe(403);
		// A plan whose period has ended.
		const fan = await member('ended@example.com');
		await db().exec(`INSERT INTO subscriptions (user_id, plan_id, status, current_period_end, provider, provider_ref, last_event_at, created_at, updated_at)
			VALUES ('${fan.id}', 'premium-monthly', 'active', now() - interval '1 day', 'sandbox', 'sbx_ended', now(), now(), now())`);
		expect(await playback(fan.id)).toBeNull();
		const signed = playbackUrl(fan.id, STREAM).url;
		expect(await media(signed, fan.token.access_token)).toBe(403);
	});

	it('F7: a refund (signed webhook) mid-stream stops the next manifest load; reconnecting is refused', async () => {
		const fan = await member('refund@example.com');
		await buyPremium({ id: fan.id, email: 'refund@example.com' });
		const src = await playback(fan.id);
		expect(src).toMatch(/^\/media\/demo-movie\/index\.m3u8\?exp=/);
		expect(await media(src!, fan.token.access_token)).toBe(200);
		// The provider cancels the subscription (refund), signed like every delivery.
		const rows = (await db().db.execute(
			`SELECT provider_ref FROM subscriptions WHERE user_id = '${fan.id}'` as never,
		)) as unknown as { rows?: { provider_ref: string }[] } & { provider_ref: string }[];
		const ref = (rows.rows ?? rows)[0]!.provider_ref;
		const refund = signedSandbox({
			id: eventId(),
			type: 'subscription.updated',
			created: Math.floor(Date.now() / 1000) + 1,
			data: { providerRef: ref, status: 'canceled', currentPeriodEnd: null },
		});
		expect((await receiveWebhook('sandbox', refund.body, refund.headers)).status).toBe(200);
		// The still-valid signed address: the player's next manifest reload is refused.
		expect(await media(src!, fan.token.access_token)).toBe(403);
		// Reconnecting (the watch page again) offers no address.
		expect(await playback(fan.id)).toBeNull();
	});

	it('B7: disabling a member mid-stream: next API call 401 within 60 s, the stream stops, reconnect refused', async () => {
		const clock = setFakeClock();
		const fan = await member('disabled@example.com');
		await buyPremium({ id: fan.id, email: 'disabled@example.com' });
		const src = await playback(fan.id);
		expect(src).not.toBeNull();
		expect(await media(src!, fan.token.access_token)).toBe(200);
		expect(await me(fan.token.access_token)).toBe(200);
		// The admin disables the account while the 24 h access token is still valid.
		await disableUser(fan.id);
		clock.advance(60_000);
		expect(await me(fan.token.access_token)).toBe(401);
		// The manifest reload no longer comes from the member: the signed address is theirs.
		expect(await media(src!, fan.token.access_token)).toBe(403);
		// Reconnect: no new session, no new address.
		expect(
			(
				await call(refreshRoute.POST, {
					body: { refresh_token: fan.token.refresh_token },
				})
			).status,
		).toBe(401);
		expect(
			(
				await call(loginRoute.POST, {
					body: { email: 'disabled@example.com', password: PASSWORD },
				})
			).status,
		).toBe(401);
	});
});
