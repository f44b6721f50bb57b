import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { setPaymentsClockForTests } from '~/server/clock';
import { serveMedia } from '~/server/streams/media';
import { playbackUrl } from '~/server/streams/signing';
import { makeUser, resetPayments, rows, setupPayments, teardownPayments } from './helpers';

beforeAll(() => setupPayments());
afterAll(() => teardownPayments());
beforeEach(() => resetPayments());

const T0 = Date.parse('2026-11-24T12:00:01.000Z');

async function grant(userId: string, ends: Date): Promise<void> {
	await rows(`INSERT INTO subscriptions (user_id, plan_id, status, current_period_end, provider, provider_ref, last_event_at, created_at, updated_at)
		VALUES ('${userId}', 'premium-monthly', 'active', '${ends.toISOString()}', 'sandbox', 'sbx_${userId}', now(), now(), now())`);
}

function signedFor(userId: string) {
	const u = new URL(playbackUrl(userId, 'demo-live').url, 'http://x');
	return { exp: u.searchParams.get('exp'), sig: u.searchParams.get('sig') };
}

const get = (userId: string, file: string, q: { exp: string | null; sig: string | null }) =>
	serveMedia({ streamId: 'demo-live', file, ...q, userId, country: undefined });

describe('the demo live stream through the signed media path', () => {
	it('multivariant → media playlist → segment, and the playlist moves with the clock', async () => {
		setPaymentsClockForTests(() => T0);
		const user = await makeUser();
		await grant(user.id, new Date(T0 + 86_400_000));
		const q = signedFor(user.id);
		const master = await get(user.id, 'index.m3u8', q);
		expect(master.status).toBe(200);
		expect(master.cacheControl).toBe('private, no-cache');
		const variant = /^(360p\.m3u8\?exp=\d+&sig=[\w-]+)$/m.exec(String(master.body))?.[1];
		expect(variant).toBeDefined();

		const first = await get(user.id, '360p.m3u8', q);
		expect(first.status).toBe(200);
		const text = String(first.body);
		expect(text).not.toContain('#EXT-X-ENDLIST');
		const newest = text.trim().split('\n').at(-1) as string;
		expect(newest).toMatch(/^360p_\d+\.ts\?exp=\d+&sig=/);
		const seg = await get(user.id, newest.split('?')[0] as string, q);
		expect(seg.status).toBe(200);
		expect(seg.contentType).toBe('video/mp2t');
		expect((seg.body as Uint8Array)[0]).toBe(0x47); // MPEG-TS sync byte

		setPaymentsClockForTests(() => T0 + 10_000);
		const second = String((await get(user.id, '360p.m3u8', q)).body);
		const seq = (p: string) => Number(/#EXT-X-MEDIA-SEQUENCE:(\d+)/.exec(p)?.[1]);
		expect(seq(second)).toBe(seq(text) + 5);
		expect(second).not.toContain('#EXT-X-ENDLIST');
		// A segment that does not exist yet, and another viewer's signature, are refused.
		const future = Number(/_(\d+)\.ts/.exec(second.trim().split('\n').at(-1) as string)?.[1]) + 1;
		expect((await get(user.id, `360p_${future}.ts`, q)).status).toBe(404);
		const other = await makeUser();
		expect((await get(other.id, '360p.m3u8', q)).status).toBe(403);
	});

	it('a plan that ends mid-stream stops at the next segment, with no event to tell it', async () => {
		const ends = T0 + 5_000;
		setPaymentsClockForTests(() => T0);
		const user = await makeUser();
		await grant(user.id, new Date(ends));
		const q = signedFor(user.id);
		const playlist = String((await get(user.id, '360p.m3u8', q)).body);
		const seq = Number(/_(\d+)\.ts/.exec(playlist.trim().split('\n').at(-1) as string)?.[1]);
		expect((await get(user.id, `360p_${seq}.ts`, q)).status).toBe(200);
		// One segment (2 s) after the end: the entitlement answer is still cached, yet refused.
		setPaymentsClockForTests(() => ends + 1);
		expect((await get(user.id, `360p_${seq + 2}.ts`, q)).status).toBe(403);
		expect((await get(user.id, '360p.m3u8', q)).status).toBe(403);
	});
});
