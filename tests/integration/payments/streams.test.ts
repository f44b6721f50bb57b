import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { invalidateTags, planTag } from '~/server/cache/tags';
import { resetConfigForTests } from '~/server/config';
import { setPaymentsClockForTests } from '~/server/clock';
import { visitorCountry } from '~/server/streams/country';
import { serveMedia } from '~/server/streams/media';
import { playbackUrl } from '~/server/streams/signing';
import { captionsUrl } from '~/lib/streams/player';
import { streamPage } from '~/server/streams/watch-view';
import { makeUser, resetPayments, rows, setupPayments, teardownPayments } from './helpers';

beforeAll(() => setupPayments());
afterAll(() => teardownPayments());
beforeEach(() => resetPayments());

async function grantPremium(userId: string): Promise<void> {
	await rows(`INSERT INTO subscriptions (user_id, plan_id, status, current_period_end, provider, provider_ref, last_event_at, created_at, updated_at)
		VALUES ('${userId}', 'premium-monthly', 'active', now() + interval '30 days', 'sandbox', 'sbx_${userId}', now(), now(), now())`);
}

function query(url: string): { exp: string | null; sig: string | null } {
	const u = new URL(url, 'http://x');
	return { exp: u.searchParams.get('exp'), sig: u.searchParams.get('sig') };
}

describe('signed playback', () => {
	it('a paid stream: no URL without a plan; with one, a URL only its user can use', async () => {
		const owner = await makeUser();
		const other = await makeUser();
		const locked = await streamPage({
			kinds: ['movie'],
			play: 'demo-movie',
			userId: owner.id,
			country: undefined,
		});
		expect(locked?.watching).toMatchObject({
			src: null,
			access: { allowed: false, reason: 'plan', planHint: 'premium-monthly' },
		});
		const anon = await streamPage({
			kinds: ['movie'],
			play: 'demo-movie',
			userId: null,
			country: undefined,
		});
		expect(anon?.watching?.access).toMatchObject({ allowed: false, reason: 'login' });

		await grantPremium(owner.id);
		const view = await streamPage({
			kinds: ['movie'],
			play: 'demo-movie',
			userId: owner.id,
			country: undefined,
		});
		const src = view?.watching?.src as string;
		expect(src).toMatch(/^\/media\/demo-movie\/index\.m3u8\?exp=\d+&sig=/);
		const q = query(src);
		const ok = await serveMedia({
			streamId: 'demo-movie',
			file: 'index.m3u8',
			...q,
			userId: owner.id,
			country: undefined,
		});
		expect(ok.status).toBe(200);
		expect(String(ok.body)).toMatch(/seg000\.ts\?exp=\d+&sig=/);
		const seg = await serveMedia({
			streamId: 'demo-movie',
			file: 'seg000.ts',
			...q,
			userId: owner.id,
			country: undefined,
		});
		expect(seg.status).toBe(200);
		expect(seg.contentType).toBe('video/mp2t');

		// Copied address: another user, nobody, another stream, a tampered signature.
		for (const userId of [other.id, null]) {
			expect(
				(
					await serveMedia({
						streamId: 'demo-movie',
						file: 'index.m3u8',
						...q,
						userId,
						country: undefined,
					})
				).status,
			).toBe(403);
			expect(
				(
					await serveMedia({
						streamId: 'demo-movie',
						file: 'seg000.ts',
						...q,
						userId,
						country: undefined,
					})
				).status,
			).toBe(403);
		}
		expect(
			(
				await serveMedia({
					streamId: 'demo-tv',
					file: 'index.m3u8',
					...q,
					userId: owner.id,
					country: undefined,
				})
			).status,
		).toBe(403);
		const tampered = {
			exp: q.exp,
			sig: `${q.sig?.slice(0, -1)}${q.sig?.endsWith('A') ? 'B' : 'A'}`,
		};
		expect(
			(
				await serveMedia({
					streamId: 'demo-movie',
					file: 'seg000.ts',
					...tampered,
					userId: owner.id,
					country: undefined,
				})
			).status,
		).toBe(403);
		const later = { exp: String(Number(q.exp) + 3600), sig: q.sig };
		expect(
			(
				await serveMedia({
					streamId: 'demo-movie',
					file: 'seg000.ts',
					...later,
					userId: owner.id,
					country: undefined,
				})
			).status,
		).toBe(403);

		// Expired.
		setPaymentsClockForTests(() => (Number(q.exp) + 1) * 1000);
		expect(
			(
				await serveMedia({
					streamId: 'demo-movie',
					file: 'seg000.ts',
					...q,
					userId: owner.id,
					country: undefined,
				})
			).status,
		).toBe(403);
	});

	it('a plan that lapses stops the manifest even with a still-valid URL', async () => {
		const owner = await makeUser();
		await grantPremium(owner.id);
		const q = query(playbackUrl(owner.id, 'demo-movie').url);
		await rows(`UPDATE subscriptions SET status = 'canceled'`);
		expect(
			(
				await serveMedia({
					streamId: 'demo-movie',
					file: 'index.m3u8',
					...q,
					userId: owner.id,
					country: undefined,
				})
			).status,
		).toBe(403);
	});

	it('finding 20: a plan that ends stops the segments too, at the very next one', async () => {
		const owner = await makeUser();
		await grantPremium(owner.id);
		const q = query(playbackUrl(owner.id, 'demo-movie').url);
		const segment = () =>
			serveMedia({
				streamId: 'demo-movie',
				file: 'seg000.ts',
				...q,
				userId: owner.id,
				country: undefined,
			});
		expect((await segment()).status).toBe(200);
		// What the webhook and a cancellation do: change the plan, then drop what depends on it.
		await rows(`UPDATE subscriptions SET status = 'canceled'`);
		invalidateTags([planTag(owner.id)]);
		expect((await segment()).status).toBe(403);
		// A user who never had a plan cannot play a segment with a URL signed for them.
		const other = await makeUser();
		const theirs = query(playbackUrl(other.id, 'demo-movie').url);
		expect(
			(
				await serveMedia({
					streamId: 'demo-movie',
					file: 'seg000.ts',
					...theirs,
					userId: other.id,
					country: undefined,
				})
			).status,
		).toBe(403);
	});

	it('highlights are free for everyone, signed for the anonymous viewer', async () => {
		const view = await streamPage({
			kinds: ['highlight'],
			play: 'demo-highlight',
			userId: null,
			country: undefined,
		});
		const q = query(view?.watching?.src as string);
		expect(
			(
				await serveMedia({
					streamId: 'demo-highlight',
					file: 'index.m3u8',
					...q,
					userId: null,
					country: undefined,
				})
			).status,
		).toBe(200);
	});

	it('captions: listed per language, served as WebVTT beside the manifest and checked like segments', async () => {
		const owner = await makeUser();
		const locked = await streamPage({
			kinds: ['movie'],
			play: 'demo-movie',
			userId: owner.id,
			country: undefined,
		});
		// Nothing about the stream's files is told to someone who may not watch it.
		expect(locked?.watching?.captions).toEqual([]);
		await grantPremium(owner.id);
		const view = await streamPage({
			kinds: ['movie'],
			play: 'demo-movie',
			userId: owner.id,
			country: undefined,
		});
		expect(view?.watching?.captions).toEqual([
			'de',
			'en',
			'es',
			'fr',
			'id',
			'it',
			'nl',
			'pt',
			'ru',
			'tr',
		]);
		const src = view?.watching?.src as string;
		const vtt = captionsUrl(src, 'de');
		expect(vtt).toMatch(/^\/media\/demo-movie\/captions-de\.vtt\?exp=\d+&sig=/);
		const served = await serveMedia({
			streamId: 'demo-movie',
			file: 'captions-de.vtt',
			...query(vtt),
			userId: owner.id,
			country: undefined,
		});
		expect(served).toMatchObject({ status: 200, contentType: 'text/vtt; charset=utf-8' });
		const text = new TextDecoder().decode(served.body as Uint8Array);
		expect(text.startsWith('WEBVTT')).toBe(true);
		expect(text).toContain('Testbild');
		// Another viewer's signature, or none, opens nothing; nor does a language not shipped.
		const stranger = await makeUser();
		await grantPremium(stranger.id);
		for (const [file, userId, q] of [
			['captions-de.vtt', stranger.id, query(vtt)],
			['captions-de.vtt', owner.id, { exp: null, sig: null }],
			['captions-xx.vtt', owner.id, query(vtt)],
		] as const) {
			const r = await serveMedia({
				streamId: 'demo-movie',
				file,
				...q,
				userId,
				country: undefined,
			});
			expect(r.status).not.toBe(200);
		}
	});

	it('file names cannot leave the stream folder', async () => {
		const q = query(playbackUrl('anon', 'demo-highlight').url);
		for (const file of [
			'../demo-movie/index.m3u8',
			'..%2Fx.ts',
			'index.m3u8.bak',
			'.ts',
			'a/b.ts',
		]) {
			expect(
				(
					await serveMedia({
						streamId: 'demo-highlight',
						file,
						...q,
						userId: null,
						country: undefined,
					})
				).status,
			).toBe(404);
		}
		expect(
			(
				await serveMedia({
					streamId: '../etc',
					file: 'index.m3u8',
					...q,
					userId: null,
					country: undefined,
				})
			).status,
		).toBe(404);
	});

	it('territory rights: the country header counts only from a trusted proxy', async () => {
		await rows(`UPDATE streams SET countries = '{GB}' WHERE id = 'demo-highlight'`);
		const headers = new Headers({ 'cf-ipcountry': 'gb' });
		expect(visitorCountry('203.0.113.9', headers)).toBeUndefined();
		process.env.TRUSTED_PROXIES = '10.0.0.1';
		resetConfigForTests();
		try {
			expect(visitorCountry('10.0.0.1', headers)).toBe('GB');
			expect(visitorCountry('::ffff:10.0.0.1', new Headers({ 'cf-ipcountry': 'DE' }))).toBe('DE');
			const gb = await streamPage({
				kinds: ['highlight'],
				play: 'demo-highlight',
				userId: null,
				country: 'GB',
			});
			expect(gb?.watching?.access.allowed).toBe(true);
			const de = await streamPage({
				kinds: ['highlight'],
				play: 'demo-highlight',
				userId: null,
				country: 'DE',
			});
			expect(de?.watching?.access).toMatchObject({ allowed: false, reason: 'region' });
			const unknown = await streamPage({
				kinds: ['highlight'],
				play: 'demo-highlight',
				userId: null,
				country: undefined,
			});
			expect(unknown?.watching?.src).toBeNull();
		} finally {
			process.env.TRUSTED_PROXIES = '';
			resetConfigForTests();
			await rows(`UPDATE streams SET countries = NULL`);
		}
	});

	it('a match pass covers only its own match', async () => {
		const user = await makeUser();
		await rows(`UPDATE streams SET match_id = 7 WHERE id = 'demo-live'`);
		await rows(`INSERT INTO subscriptions (user_id, plan_id, match_id, status, current_period_end, provider, provider_ref, last_event_at, created_at, updated_at)
			VALUES ('${user.id}', 'match-pass', 8, 'active', now() + interval '1 day', 'sandbox', 'mp1', now(), now(), now())`);
		const other = await streamPage({
			kinds: ['live'],
			play: 'demo-live',
			userId: user.id,
			country: undefined,
		});
		expect(other?.watching?.access.allowed).toBe(false);
		await rows(`UPDATE subscriptions SET match_id = 7`);
		const own = await streamPage({
			kinds: ['live'],
			play: 'demo-live',
			userId: user.id,
			country: undefined,
		});
		expect(own?.watching?.access.allowed).toBe(true);
		await rows(`UPDATE streams SET match_id = NULL`);
	});
});
