/**
 * News images. An upload is checked by its bytes (PNG, JPEG or WebP by magic number, at
 * most MAX_IMAGE_BYTES), then decoded and re-encoded to WebP by sharp: metadata and
 * anything hidden after the image data go, and a file that only looks like an image fails
 * to decode. It is stored under a generated name and always served as image/webp with
 * nosniff, so nothing uploaded can be served as HTML, SVG or script.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { writeAudit } from '../cms/audit';
import { config } from '../config';
import { getDb } from '../db/client';
import { newsImages } from '../db/schema/news';
import type { NewsActor } from './store';
import { checkUpload, IMAGE_FILE } from './validate';

/** Larger images are scaled down; no page shows them wider. */
const MAX_WIDTH = 1600;
/** Decompression bombs: refuse images of more pixels than this before decoding them. */
const MAX_PIXELS = 40_000_000;

export function newsMediaDir(): string {
	return resolve(config().MEDIA_DIR, 'news');
}

export type UploadResult =
	| { ok: true; file: string; src: string; width: number; height: number; bytes: number }
	| { ok: false; status: 400 | 413 | 415; error: string; message: string };

/** Validates, re-encodes and stores an upload; the audit row is written with its record. */
export async function storeNewsImage(bytes: Uint8Array, actor: NewsActor): Promise<UploadResult> {
	const check = checkUpload(bytes);
	if (!check.ok) return check;
	const { default: sharp } = await import('sharp');
	let out: { data: Buffer; info: { width: number; height: number; size: number } };
	try {
		out = await sharp(bytes, { limitInputPixels: MAX_PIXELS, failOn: 'error' })
			.rotate()
			.resize({ width: MAX_WIDTH, withoutEnlargement: true })
			.webp({ quality: 82 })
			.toBuffer({ resolveWithObject: true });
	} catch {
		return {
			ok: false,
			status: 415,
			error: 'unsupported_media_type',
			message: 'The image could not be read (damaged, or too many pixels)',
		};
	}
	const file = `${randomUUID()}.webp`;
	const dir = newsMediaDir();
	await mkdir(dir, { recursive: true });
	// Written whole under a temporary name first: a reader never sees half a file.
	const tmp = join(dir, `.${file}.tmp`);
	await writeFile(tmp, out.data);
	await rename(tmp, join(dir, file));
	const db = await getDb();
	await db.transaction(async (tx) => {
		await tx.insert(newsImages).values({
			file,
			bytes: out.info.size,
			width: out.info.width,
			height: out.info.height,
			uploadedBy: actor.id,
		});
		await writeAudit(tx, {
			actor,
			action: 'news.image.upload',
			target: `news-image:${file}`,
			after: { file, width: out.info.width, height: out.info.height, bytes: out.info.size },
		});
	});
	return {
		ok: true,
		file,
		src: newsImageSrc(file),
		width: out.info.width,
		height: out.info.height,
		bytes: out.info.size,
	};
}

export function newsImageSrc(file: string): string {
	return `/media/news/${file}`;
}

/** A stored image's bytes, or undefined for any name that is not one we generated. */
export async function readNewsImage(file: string): Promise<Buffer | undefined> {
	if (!IMAGE_FILE.test(file)) return undefined;
	try {
		return await readFile(join(newsMediaDir(), file));
	} catch {
		return undefined;
	}
}
