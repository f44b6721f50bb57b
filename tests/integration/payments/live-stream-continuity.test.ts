import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { setPaymentsClockForTests } from '~/server/clock';
import { serveMedia } from '~/server/streams/media';
import { presentationTimes } from '~/server/streams/mpegts';
import { playbackUrl } from '~/server/streams/signing';
import { makeUser, resetPayments, rows, setupPayments, teardownPayments } from './helpers';

/*
 * Issue 27: paid live playback died about six minutes in (Chromium: "could not parse").
 * The demo live stream is read here as a player reads it, through the signed media path,
 * for fifteen minutes of its clock (moved by the test, two seconds a step), re-signed as a
 * player renews its address: every playlist must continue the last, and every segment must
 * carry on the clock and the continuity counters of the one before, across the loop's
 * restarts (every 8 s) and past the six-minute mark.
 */

beforeAll(() => setupPayments());
afterAll(() => teardownPayments());
beforeEach(() => resetPayments());

const T0 = Date.parse('2026-11-24T12:00:01.000Z');
const MINUTES = 15;
const WRAP = 2 ** 33;

/** Last continuity counter per PID (packets with a payload), and the first. */
function counters(ts: Uint8Array): { first: Map<number, number>; last: Map<number, number> } {
	const first = new Map<number, number>();
	const last = new Map<number, number>();
	for (let i = 0; i + 188 <= ts.length; i += 188) {
		expect(ts[i]).toBe(0x47);
		if (!(ts[i + 3] & 0x10)) continue;
		const pid = ((ts[i + 1] & 0x1f) << 8) | ts[i + 2];
		if (!first.has(pid)) first.set(pid, ts[i + 3] & 0x0f);
		last.set(pid, ts[i + 3] & 0x0f);
	}
	return { first, last };
}

describe('the demo live stream read for fifteen minutes', () => {
	it('playlists continue each other and segments form one continuous timeline', async () => {
		setPaymentsClockForTests(() => T0);
		const user = await makeUser();
		await rows(`INSERT INTO subscriptions (user_id, plan_id, status, current_period_end, provider, provider_ref, last_event_at, created_at, updated_at)
			VALUES ('${user.id}', 'premium-monthly', 'active', '${new Date(T0 + 86_400_000).toISOString()}', 'sandbox', 'sbx_${user.id}', now(), now(), now())`);
		let signedAt = -Infinity;
		let q = { exp: null as string | null, sig: null as string | null };
		const get = (file: string) =>
			serveMedia({ streamId: 'demo-live', file, ...q, userId: user.id, country: undefined });

		let previous: {
			seq: number;
			pts: Map<number, number[]>;
			cc: ReturnType<typeof counters>;
		} | null = null;
		let lastMediaSequence = -1;
		for (let t = T0; t <= T0 + MINUTES * 60_000; t += 2_000) {
			setPaymentsClockForTests(() => t);
			// Renewed every five minutes, as the player does before the address expires.
			if (t - signedAt >= 300_000) {
				const u = new URL(playbackUrl(user.id, 'demo-live').url, 'http://x');
				q = { exp: u.searchParams.get('exp'), sig: u.searchParams.get('sig') };
				signedAt = t;
			}
			const playlist = await get('360p.m3u8');
			expect(playlist.status).toBe(200);
			const text = String(playlist.body);
			expect(text).not.toContain('#EXT-X-DISCONTINUITY');
			const mediaSequence = Number(/#EXT-X-MEDIA-SEQUENCE:(\d+)/.exec(text)?.[1]);
			if (lastMediaSequence >= 0) expect(mediaSequence).toBe(lastMediaSequence + 1);
			lastMediaSequence = mediaSequence;
			const newest = text.trim().split('\n').at(-1) as string;
			const seq = Number(/^360p_(\d+)\.ts\?/.exec(newest)?.[1]);
			const segment = await get(`360p_${seq}.ts`);
			expect(segment.status).toBe(200);
			const ts = segment.body as Uint8Array;
			const pts = presentationTimes(ts);
			const cc = counters(ts);
			expect(pts.size).toBe(2); // video and audio
			if (previous) {
				expect(seq).toBe(previous.seq + 1);
				for (const [pid, times] of pts) {
					const before = previous.pts.get(pid) as number[];
					// Each stream starts just after the previous segment ended (never before it,
					// never half a second later), by the stream's own 90 kHz clock...
					const gap = (((times[0] - (before.at(-1) as number)) % WRAP) + WRAP) % WRAP;
					expect(gap).toBeGreaterThan(0);
					expect(gap).toBeLessThan(45_000);
					// ...and the video, cut on key frames every 2 s, exactly two seconds on.
					if (times.length === 50)
						expect((((times[0] - before[0]) % WRAP) + WRAP) % WRAP).toBe(2 * 90_000);
				}
				for (const [pid, first] of cc.first)
					expect(first).toBe(((previous.cc.last.get(pid) ?? -1) + 1) % 16);
			}
			previous = { seq, pts, cc };
		}
	}, 120_000);
});
