import { readFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { cached } from '../cache/data-cache';
import { planTag } from '../cache/tags';
import { config } from '../config';
import type { StreamRow } from '../db/schema/streams';
import { streamAccess } from './access';
import { getStream } from './catalogue';
import { ANONYMOUS, verifyPlayback } from './signing';

export interface MediaResponse {
	status: 200 | 403 | 404;
	body?: Uint8Array | string;
	contentType?: string;
}

const FILE = /^[A-Za-z0-9_-]{1,64}\.(m3u8|ts|m4s|mp4|aac)$/;
const TYPES: Record<string, string> = {
	m3u8: 'application/vnd.apple.mpegurl',
	ts: 'video/mp2t',
	m4s: 'video/iso.segment',
	mp4: 'video/mp4',
	aac: 'audio/aac',
};

/** How long a segment may rely on an earlier answer of the entitlement check. */
const SEGMENT_ACCESS_MS = 4_000;

/**
 * The entitlement check for segments, which arrive every few seconds per viewer: the
 * answer is kept briefly per viewer, stream and country, and dropped at once when the
 * viewer's plan changes (payments invalidate `planTag`). Free streams without territory
 * rights need no check at all.
 */
async function segmentAllowed(
	userId: string | null,
	stream: StreamRow,
	country: string | undefined,
): Promise<boolean> {
	if (stream.plans.length === 0 && !stream.countries) return true;
	const key = `streams:access:${userId ?? ANONYMOUS}:${stream.id}:${country ?? ''}`;
	const tags = userId ? [planTag(userId)] : [];
	return cached(key, SEGMENT_ACCESS_MS, tags, async () => {
		return (await streamAccess(userId, stream, country)).allowed;
	});
}

/**
 * Serves a manifest or segment of a stream to the viewer the URL was signed for. Every
 * file is checked (segments too); the manifest is rewritten so its segment URIs carry the
 * same signature. Paid streams also re-check the viewer's entitlement: on the manifest
 * always, on segments through a short cache that a plan change empties.
 */
export async function serveMedia(input: {
	streamId: string;
	file: string;
	exp: string | null;
	sig: string | null;
	userId: string | null;
	country: string | undefined;
}): Promise<MediaResponse> {
	if (!FILE.test(input.file)) return { status: 404 };
	const stream = await getStream(input.streamId);
	if (!stream) return { status: 404 };
	const subject = input.userId ?? ANONYMOUS;
	if (!verifyPlayback(subject, stream.id, input.exp, input.sig)) return { status: 403 };
	const ext = input.file.split('.').pop() as string;
	// A signature proves who the URL was made for, not that they may still watch: a plan
	// that ends must stop playback at the next segment, not when the URL expires.
	const allowed =
		ext === 'm3u8'
			? (await streamAccess(input.userId, stream, input.country)).allowed
			: await segmentAllowed(input.userId, stream, input.country);
	if (!allowed) return { status: 403 };
	const root = resolve(config().MEDIA_DIR);
	const folder = resolve(root, dirname(stream.hlsPath));
	const path = join(folder, input.file);
	if (!path.startsWith(root + '/') || !folder.startsWith(root)) return { status: 404 };
	let data: Buffer;
	try {
		data = await readFile(path);
	} catch {
		return { status: 404 };
	}
	if (ext !== 'm3u8') return { status: 200, body: new Uint8Array(data), contentType: TYPES[ext] };
	const query = `exp=${input.exp}&sig=${input.sig}`;
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
	return { status: 200, body: manifest, contentType: TYPES.m3u8 };
}
