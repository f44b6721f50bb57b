import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { payloadPackets, shiftSegment } from './mpegts';

/*
 * A live HLS stream made from a short loop of shipped segments, by the wall clock: segment
 * number n covers [n·D, (n+1)·D) seconds since the Unix epoch, so every client and every
 * process computes the same live edge with no shared state and nothing to run in the
 * background. The loop's files play in turn (n mod loop length), each sent with its clock
 * (PTS, DTS, PCR) and continuity counters carried on by the rounds the loop has made
 * (mpegts.ts), so the stream is one continuous timeline like an encoder's, with no
 * discontinuities.
 *
 * It used to send the files unchanged and mark every loop restart EXT-X-DISCONTINUITY, with
 * an EXT-X-DISCONTINUITY-SEQUENCE counted from 1970 (over 200 million). hls.js keeps
 * per-discontinuity state in a sparse array indexed by that number and walks it on every
 * playlist reload (`initPTS.some(...)` in its stream controller: 9 s for an array that long
 * on our 2-core machine, every 2 s), so it fell behind (4 s played in a minute in headless
 * Chromium here) and paid playback died after a few minutes (issue 27).
 * A discontinuity every 8 s also reset its transmuxer that often.
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
 * segments up to the live edge, no ENDLIST, no discontinuities (the segments' clock runs
 * on across loop restarts, see liveSegment). Undefined for an unknown rendition.
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
	const edge = liveEdge(loop, nowMs);
	const first = edge - windowSize(loop) + 1;
	const lines = [
		'#EXTM3U',
		'#EXT-X-VERSION:3',
		`#EXT-X-TARGETDURATION:${Math.ceil(d)}`,
		`#EXT-X-MEDIA-SEQUENCE:${first}`,
	];
	for (let seq = first; seq <= edge; seq++) {
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

/** A rendition's loop files and, per PID, the continuity counter steps one round takes. */
interface LoopFiles {
	files: Uint8Array[];
	perRound: Map<number, number>;
}

const loopFiles = new Map<string, Promise<LoopFiles>>();

function readLoop(folder: string, r: LiveLoop['renditions'][number]): Promise<LoopFiles> {
	const key = join(folder, r.name);
	let found = loopFiles.get(key);
	if (!found) {
		found = Promise.all(r.segments.map((f) => readFile(join(folder, f)))).then((buffers) => {
			const files = buffers.map((b) => new Uint8Array(b));
			const perRound = new Map<number, number>();
			for (const file of files)
				for (const [pid, count] of payloadPackets(file))
					perRound.set(pid, (perRound.get(pid) ?? 0) + count);
			return { files, perRound };
		});
		// A failed read is not kept: the next request tries again.
		found.catch(() => loopFiles.delete(key));
		loopFiles.set(key, found);
	}
	return found;
}

/**
 * The bytes of a live segment (`360p_123.ts`) when it is in the window at `nowMs` (or just
 * left it): the loop file it maps onto, with its clock moved on by the whole rounds the
 * loop has played before it (round × loop length) and its continuity counters by as many
 * packets, so it follows the previous segment seamlessly. Undefined otherwise.
 */
export async function liveSegment(
	loop: LiveLoop,
	folder: string,
	file: string,
	nowMs: number,
): Promise<Uint8Array | undefined> {
	const shipped = liveSegmentFile(loop, file, nowMs);
	if (!shipped) return undefined;
	const m = /^([a-z0-9]{1,16})_(\d{1,15})\.ts$/.exec(file) as RegExpExecArray;
	const r = loop.renditions.find((x) => x.name === m[1]) as LiveLoop['renditions'][number];
	const seq = Number(m[2]);
	const n = r.segments.length;
	const round = Math.floor(seq / n);
	const { files, perRound } = await readLoop(folder, r);
	const ticks = round * n * loop.segmentSeconds * 90_000;
	const counters = new Map([...perRound].map(([pid, count]) => [pid, (round * count) % 16]));
	return shiftSegment(files[seq % n], ticks, counters);
}
