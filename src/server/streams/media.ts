import { readFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { cached } from '../cache/data-cache';
import { planTag, streamTag } from '../cache/tags';
import { config } from '../config';
import type { StreamRow } from '../db/schema/streams';
import { changesEpoch, vouchingOpen } from '../auth/vouches';
import { paymentsNow as now } from '../clock';
import { streamAccess } from './access';
import { getStream } from './catalogue';
import { liveLoop, liveSegment, mediaPlaylist, multivariantPlaylist } from './live';
import { isRemoteSource } from '~/lib/cms/stream-input';
import { ANONYMOUS, previewSubject, verifyPlayback } from './signing';

export interface MediaResponse {
	status: 200 | 302 | 403 | 404;
	/** Where an outside (https) source's manifest is (302). */
	location?: string;
	body?: Uint8Array | string;
	contentType?: string;
	/** Live playlists change every segment; files never do. */
	cacheControl?: string;
}

const LIVE_PLAYLIST_CACHE = 'private, no-cache';
const FILE_CACHE = 'private, max-age=60';

const FILE = /^[A-Za-z0-9_-]{1,64}\.(m3u8|ts|m4s|mp4|aac|vtt)$/;
const TYPES: Record<string, string> = {
	m3u8: 'application/vnd.apple.mpegurl',
	ts: 'video/mp2t',
	m4s: 'video/iso.segment',
	mp4: 'video/mp4',
	aac: 'audio/aac',
	/** Captions (`captions-<lang>.vtt`), checked like segments. */
	vtt: 'text/vtt; charset=utf-8',
};

/** How long a segment may rely on an earlier answer of the entitlement check. */
const SEGMENT_ACCESS_MS = 4_000;

/**
 * The entitlement check for segments, which arrive every few seconds per viewer: the
 * answer is kept briefly per viewer, stream and country, and dropped at once when the
 * viewer's plan changes (payments invalidate `planTag`). The kept answer carries the end
 * of the covering plan, so a plan that runs out by date stops at the very next segment
 * even inside the cache's lifetime. Every plan change drops it: the payment webhooks
 * (a cancellation or refund too, issue 28/8) and the account's cancel publish the user's
 * plan to every process (auth/vouches.ts). Free streams without territory rights need no check.
 */
async function segmentAllowed(
	userId: string | null,
	stream: StreamRow,
	country: string | undefined,
): Promise<boolean> {
	if (stream.plans.length === 0 && !stream.countries) return true;
	// A kept answer is only as good as the plan changes this process hears: while its Redis
	// subscription is down (changes published meanwhile are lost) every segment asks, and an
	// answer kept before a drop is not used after it (the epoch is in the key).
	if (!vouchingOpen()) return (await streamAccess(userId, stream, country)).allowed;
	const key = `streams:access:${changesEpoch()}:${userId ?? ANONYMOUS}:${stream.id}:${country ?? ''}`;
	const tags = userId ? [planTag(userId), streamTag(stream.id)] : [streamTag(stream.id)];
	const answer = await cached(key, SEGMENT_ACCESS_MS, tags, async () => {
		const access = await streamAccess(userId, stream, country);
		return access.allowed ? { until: access.until } : null;
	});
	return answer !== null && (answer.until === null || now() < answer.until);
}

/**
 * Serves a manifest or segment of a stream to the viewer the URL was signed for. Every
 * file is checked (segments too); the manifest is rewritten so its segment URIs carry the
 * same signature. Paid streams also re-check the viewer's entitlement: on the manifest
 * always, on segments through a short cache that a plan change empties. A folder with a
 * `live.json` is a live loop (live.ts): its playlists are made by the clock, and a segment
 * address names a position on the live timeline rather than a file.
 */
export async function serveMedia(input: {
	streamId: string;
	file: string;
	exp: string | null;
	sig: string | null;
	userId: string | null;
	country: string | undefined;
	/**
	 * A console preview (`preview=1`): the URL is signed for this staff member (null: no
	 * console session with `streams.edit`), and plans and territories do not apply.
	 */
	preview?: { staffId: string | null };
}): Promise<MediaResponse> {
	if (!FILE.test(input.file)) return { status: 404 };
	const stream = await getStream(input.streamId);
	if (!stream) return { status: 404 };
	const ext = input.file.split('.').pop() as string;
	if (input.preview) {
		const { staffId } = input.preview;
		if (!staffId || !verifyPlayback(previewSubject(staffId), stream.id, input.exp, input.sig))
			return { status: 403 };
	} else {
		const subject = input.userId ?? ANONYMOUS;
		if (!verifyPlayback(subject, stream.id, input.exp, input.sig)) return { status: 403 };
		// A signature proves who the URL was made for, not that they may still watch: a plan
		// that ends must stop playback at the next segment, not when the URL expires.
		const allowed =
			ext === 'm3u8'
				? (await streamAccess(input.userId, stream, input.country)).allowed
				: await segmentAllowed(input.userId, stream, input.country);
		if (!allowed) return { status: 403 };
	}
	// An outside source serves its own segments: only its manifest is answered, by address.
	if (isRemoteSource(stream.hlsPath))
		return input.file === 'index.m3u8'
			? { status: 302, location: stream.hlsPath }
			: { status: 404 };
	const root = resolve(config().MEDIA_DIR);
	const folder = resolve(root, dirname(stream.hlsPath));
	if (!folder.startsWith(root)) return { status: 404 };
	const query = `exp=${input.exp}&sig=${input.sig}${input.preview ? '&preview=1' : ''}`;
	const loop = await liveLoop(folder);
	const file = input.file;
	if (loop) {
		if (input.file === 'index.m3u8') return live(multivariantPlaylist(loop, query));
		if (ext === 'm3u8') {
			const playlist = mediaPlaylist(loop, input.file.slice(0, -5), now(), query);
			return playlist === undefined ? { status: 404 } : live(playlist);
		}
		// A live segment is a loop file with its clock carried on (live.ts), not the file.
		const body = await liveSegment(loop, folder, input.file, now()).catch(() => undefined);
		if (!body) return { status: 404 };
		return { status: 200, body, contentType: TYPES[ext], cacheControl: FILE_CACHE };
	}
	const path = join(folder, file);
	if (!path.startsWith(`${root}/`)) return { status: 404 };
	let data: Buffer;
	try {
		data = await readFile(path);
	} catch {
		return { status: 404 };
	}
	if (ext !== 'm3u8')
		return {
			status: 200,
			body: new Uint8Array(data),
			contentType: TYPES[ext],
			cacheControl: FILE_CACHE,
		};
	const manifest = data
		.toString('utf8')
		.split('\n')
		.map((line) => {
			const l = line.trim();
			if (!l || l.startsWith('#')) return line;
			// Only bare file names next to the manifest; anything else is dropped.
			return FILE.test(l) ? `${l}?${query}` : '';
		})
		.join('\n');
	return { status: 200, body: manifest, contentType: TYPES.m3u8, cacheControl: FILE_CACHE };
}

function live(playlist: string): MediaResponse {
	return {
		status: 200,
		body: playlist,
		contentType: TYPES.m3u8,
		cacheControl: LIVE_PLAYLIST_CACHE,
	};
}
