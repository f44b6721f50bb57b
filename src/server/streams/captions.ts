import { readdir } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { cached } from '../cache/data-cache';
import { config } from '../config';
import type { StreamRow } from '../db/schema/streams';

/** A captions file beside a stream's manifest: `captions-<ISO 639-1>.vtt`. */
export const CAPTIONS_FILE = /^captions-([a-z]{2})\.vtt$/;

/** Files change only with a deploy or an editor's upload; a minute is fresh enough. */
const LISTING_MS = 60_000;

/**
 * The languages a stream has captions in, read from its media folder (sorted, so every
 * process offers them in one order). A folder that cannot be read has none.
 */
export async function captionLanguages(
	stream: Pick<StreamRow, 'id' | 'hlsPath'>,
): Promise<string[]> {
	return cached(`streams:captions:${stream.id}`, LISTING_MS, [], async () => {
		const root = resolve(config().MEDIA_DIR);
		const folder = resolve(root, dirname(stream.hlsPath));
		if (folder !== root && !folder.startsWith(`${root}/`)) return [];
		const names = await readdir(folder).catch(() => [] as string[]);
		return names
			.map((n) => CAPTIONS_FILE.exec(n)?.[1])
			.filter((l): l is string => l !== undefined)
			.sort();
	});
}
