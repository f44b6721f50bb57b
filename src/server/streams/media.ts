import { readFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { config } from '../config';
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

/**
 * Serves a manifest or segment of a stream to the viewer the URL was signed for. Every
 * file is checked (segments too); the manifest is rewritten so its segment URIs carry the
 * same signature. Paid streams also re-check the viewer's entitlement on the manifest.
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
	if (ext === 'm3u8') {
		const access = await streamAccess(input.userId, stream, input.country);
		if (!access.allowed) return { status: 403 };
	}
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
