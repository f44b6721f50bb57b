import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';

/*
 * A live HLS stream made from a short loop of shipped segments, by the wall clock: segment
 * number n covers [n·D, (n+1)·D) seconds since the Unix epoch, so every client and every
 * process computes the same live edge with no shared state and nothing to run in the
 * background. The loop's files play in turn (n mod loop length); where the loop restarts
 * the playlist says EXT-X-DISCONTINUITY, because timestamps inside the files jump back.
 */

const loopSchema = z.object({
	segmentSeconds: z.number().positive(),
	renditions: z
		.array(
			z.object({
				name: z.string().regex(/^[a-z0-9]{1,16}$/),
				width: z.number().int().positive(),
				height: z.number().int().positive(),
				bandwidth: z.number().int().positive(),
				averageBandwidth: z.number().int().positive(),
				codecs: z.string().regex(/^[a-z0-9.,]+$/),
				segments: z.array(z.string().regex(/^[A-Za-z0-9_-]{1,64}\.ts$/)).min(1),
			}),
		)
		.min(1),
});

export type LiveLoop = z.infer<typeof loopSchema>;

/** How far back a viewer may rewind (the DVR window), in seconds. */
export const DVR_SECONDS = 180;
/** Segments that just slid out of the window still answer, for a viewer mid-download. */
const LATE_SEGMENTS = 3;

const loops = new Map<string, Promise<LiveLoop | null>>();

/** The loop described by `live.json` in a stream's folder, or null when it is not a live loop. */
export function liveLoop(folder: string): Promise<LiveLoop | null> {
	let loop = loops.get(folder);
	if (!loop) {
		loop = readFile(join(folder, 'live.json'), 'utf8').then(
			(text) => loopSchema.parse(JSON.parse(text)),
			() => null,
		);
		loops.set(folder, loop);
	}
	return loop;
}

/** The newest segment complete at `nowMs`: the live edge every client shares. */
export function liveEdge(loop: LiveLoop, nowMs: number): number {
	return Math.floor(nowMs / 1000 / loop.segmentSeconds) - 1;
}

function windowSize(loop: LiveLoop): number {
	return Math.max(3, Math.floor(DVR_SECONDS / loop.segmentSeconds));
}

const signed = (uri: string, query: string) => (query ? `${uri}?${query}` : uri);

/** The multivariant playlist: one variant per rendition, lightest first. */
export function multivariantPlaylist(loop: LiveLoop, query: string): string {
	const lines = ['#EXTM3U', '#EXT-X-VERSION:3', '#EXT-X-INDEPENDENT-SEGMENTS'];
	for (const r of [...loop.renditions].sort((a, b) => a.bandwidth - b.bandwidth)) {
		lines.push(
			`#EXT-X-STREAM-INF:BANDWIDTH=${r.bandwidth},AVERAGE-BANDWIDTH=${r.averageBandwidth},RESOLUTION=${r.width}x${r.height},CODECS="${r.codecs}"`,
			signed(`${r.name}.m3u8`, query),
		);
	}
	return `${lines.join('\n')}\n`;
}

/**
 * The sliding-window media playlist of one rendition at `nowMs`: the last DVR_SECONDS of
 * segments up to the live edge, no ENDLIST. EXT-X-DISCONTINUITY-SEQUENCE counts the loop
 * restarts that slid out of the window (the first segment never carries the tag itself,
 * so the count is unambiguous). Undefined for an unknown rendition.
 */
export function mediaPlaylist(
	loop: LiveLoop,
	rendition: string,
	nowMs: number,
	query: string,
): string | undefined {
	const r = loop.renditions.find((x) => x.name === rendition);
	if (!r) return undefined;
	const d = loop.segmentSeconds;
	const n = r.segments.length;
	const edge = liveEdge(loop, nowMs);
	const first = edge - windowSize(loop) + 1;
	const lines = [
		'#EXTM3U',
		'#EXT-X-VERSION:3',
		`#EXT-X-TARGETDURATION:${Math.ceil(d)}`,
		`#EXT-X-MEDIA-SEQUENCE:${first}`,
		`#EXT-X-DISCONTINUITY-SEQUENCE:${Math.floor(first / n)}`,
	];
	for (let seq = first; seq <= edge; seq++) {
		if (seq > first && seq % n === 0) lines.push('#EXT-X-DISCONTINUITY');
		lines.push(
			`#EXT-X-PROGRAM-DATE-TIME:${new Date(seq * d * 1000).toISOString()}`,
			`#EXTINF:${d.toFixed(3)},`,
			signed(`${r.name}_${seq}.ts`, query),
		);
	}
	return `${lines.join('\n')}\n`;
}

/**
 * The shipped file behind a live segment address (`360p_123.ts`), when that segment is in
 * the window at `nowMs` (or just left it). Future segments do not exist yet: undefined.
 */
export function liveSegmentFile(loop: LiveLoop, file: string, nowMs: number): string | undefined {
	const m = /^([a-z0-9]{1,16})_(\d{1,15})\.ts$/.exec(file);
	if (!m) return undefined;
	const r = loop.renditions.find((x) => x.name === m[1]);
	if (!r) return undefined;
	const seq = Number(m[2]);
	const edge = liveEdge(loop, nowMs);
	if (seq > edge || seq < edge - windowSize(loop) + 1 - LATE_SEGMENTS) return undefined;
	return r.segments[seq % r.segments.length];
}
