import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
	DVR_SECONDS,
	liveEdge,
	liveLoop,
	liveSegmentFile,
	mediaPlaylist,
	multivariantPlaylist,
	type LiveLoop,
} from '~/server/streams/live';

const shipped = () => liveLoop(resolve('data/media/demo-live')) as Promise<LiveLoop>;
const T0 = Date.parse('2026-11-24T12:00:00.500Z');

function tags(playlist: string, name: string): string[] {
	return playlist
		.split('\n')
		.filter((l) => l.startsWith(`#${name}`))
		.map((l) => l.slice(name.length + 2));
}

describe('the looped live stream', () => {
	it('the shipped loop has two renditions of the same length', async () => {
		const loop = await shipped();
		expect(loop.renditions.map((r) => r.name)).toEqual(['360p', '720p']);
		expect(new Set(loop.renditions.map((r) => r.segments.length)).size).toBe(1);
	});

	it('the multivariant playlist lists both renditions, signed, lightest first', async () => {
		const text = multivariantPlaylist(await shipped(), 'exp=1&sig=x');
		const variants = tags(text, 'EXT-X-STREAM-INF');
		expect(variants).toHaveLength(2);
		expect(variants[0]).toMatch(/RESOLUTION=640x360/);
		expect(variants[1]).toMatch(/RESOLUTION=1280x720/);
		expect(text).toContain('360p.m3u8?exp=1&sig=x');
		expect(text).toContain('720p.m3u8?exp=1&sig=x');
	});

	it('read twice 10 s apart: the media sequence advanced by 5 and no ENDLIST', async () => {
		const loop = await shipped();
		const first = mediaPlaylist(loop, '360p', T0, '') as string;
		const second = mediaPlaylist(loop, '360p', T0 + 10_000, '') as string;
		const seq = (p: string) => Number(tags(p, 'EXT-X-MEDIA-SEQUENCE')[0]);
		expect(seq(second) - seq(first)).toBe(10 / loop.segmentSeconds);
		for (const p of [first, second]) {
			expect(p).not.toContain('ENDLIST');
			expect(p).not.toContain('PLAYLIST-TYPE');
		}
	});

	it('a window of DVR_SECONDS ending at the newest complete segment, dated by the clock', async () => {
		const loop = await shipped();
		const text = mediaPlaylist(loop, '720p', T0, '') as string;
		const uris = text.split('\n').filter((l) => l.endsWith('.ts'));
		expect(uris).toHaveLength(DVR_SECONDS / loop.segmentSeconds);
		const edge = liveEdge(loop, T0);
		expect(uris.at(-1)).toBe(`720p_${edge}.ts`);
		const dates = tags(text, 'EXT-X-PROGRAM-DATE-TIME').map((d) => Date.parse(d));
		expect(dates).toHaveLength(uris.length);
		// The newest segment ended before now, and started one segment earlier.
		expect(dates.at(-1)).toBe(T0 - 500 - loop.segmentSeconds * 1000);
		expect(dates[1] - dates[0]).toBe(loop.segmentSeconds * 1000);
	});

	it('no discontinuities: the loop restarts without a break in the clock (issue 27)', async () => {
		const loop = await shipped();
		for (const offset of [0, 8_000, 6 * 60_000, 10 * 60_000]) {
			const text = mediaPlaylist(loop, '360p', T0 + offset, '') as string;
			expect(text).not.toContain('#EXT-X-DISCONTINUITY');
		}
	});

	it('every client sees the same live edge at the same moment', async () => {
		const loop = await shipped();
		expect(mediaPlaylist(loop, '360p', T0, 'a')?.replaceAll('?a', '')).toBe(
			mediaPlaylist(loop, '360p', T0, 'b')?.replaceAll('?b', ''),
		);
	});

	it('segment addresses map onto the loop; future and long-gone ones do not exist', async () => {
		const loop = await shipped();
		const edge = liveEdge(loop, T0);
		const n = loop.renditions[0].segments.length;
		expect(liveSegmentFile(loop, `360p_${edge}.ts`, T0)).toBe(`360p-${edge % n}.ts`);
		expect(liveSegmentFile(loop, `720p_${edge - 10}.ts`, T0)).toBe(`720p-${(edge - 10) % n}.ts`);
		expect(liveSegmentFile(loop, `360p_${edge + 1}.ts`, T0)).toBeUndefined();
		expect(liveSegmentFile(loop, `360p_${edge - 1000}.ts`, T0)).toBeUndefined();
		expect(liveSegmentFile(loop, `1080p_${edge}.ts`, T0)).toBeUndefined();
		expect(liveSegmentFile(loop, '360p-0.ts', T0)).toBeUndefined();
		expect(mediaPlaylist(loop, '1080p', T0, '')).toBeUndefined();
	});
});
