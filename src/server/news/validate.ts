/**
 * The rules of a console news article, pure so the unit tests read them directly: what an
 * article may contain, which state changes its life allows, and which uploaded bytes count
 * as an image.
 */
import { z } from 'zod';
import { LOCALES, type Locale } from '~/i18n/locales';
import { text } from '~/lib/input-schema';
import { MAX_IMAGE_BYTES } from '~/lib/limits';

import { NEWS_ACTIONS, type NewsAction, type NewsState } from '~/lib/cms/news';

export { NEWS_ACTIONS, NEWS_STATES, type NewsAction, type NewsState } from '~/lib/cms/news';

/** Lower-case words joined by hyphens, as the Markdown posts' file names. */
export const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const MAX_BODY_CHARS = 100_000;

const required = (max: number) => text(max).refine((s) => s.trim().length > 0, 'must not be empty');

export const translationInput = z.object({
	title: required(200),
	summary: required(300),
	body: required(MAX_BODY_CHARS),
	imageAlt: text(300).optional(),
});
export type TranslationInput = z.infer<typeof translationInput>;

/** A generated image file name (images.ts): a UUID and the re-encoded type. */
export const IMAGE_FILE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.webp$/;

/**
 * An article as the console sends it: English is required, every other locale optional
 * (a page in a locale without its version shows the English one, marked as such).
 */
export const articleInput = z.object({
	slug: text(80).regex(SLUG, 'lower-case letters, digits and hyphens'),
	author: text(100).optional(),
	image: text(64).regex(IMAGE_FILE, 'an uploaded image name').nullable().optional(),
	translations: z
		.object(
			Object.fromEntries(
				LOCALES.map((l) => [l, l === 'en' ? translationInput : translationInput.optional()]),
			) as Record<Locale, typeof translationInput>,
		)
		.strict(),
});
export type ArticleInput = z.infer<typeof articleInput>;

export const stateInput = z.object({
	action: z.enum(NEWS_ACTIONS),
	/** ISO instant, for `schedule`: when the article goes public. */
	publishAt: z.iso.datetime({ offset: true }).optional(),
});

export type Transition =
	| { ok: true; state: NewsState; publishedAt: Date | null }
	| { ok: false; status: 400 | 409; error: string; message: string };

/**
 * The state after `action`. Publish: now, from anything but published. Schedule: a future
 * instant, from draft, scheduled or unpublished. Unpublish: from published or scheduled.
 * `current` is the state visitors see: pass a scheduled article whose time has passed as
 * published (`effectiveState`).
 */
export function transition(
	current: NewsState,
	action: NewsAction,
	now: Date,
	publishAt?: Date,
): Transition {
	const conflict = (message: string): Transition => ({
		ok: false,
		status: 409,
		error: 'invalid_transition',
		message,
	});
	if (action === 'publish') {
		if (current === 'published') return conflict('The article is already published');
		return { ok: true, state: 'published', publishedAt: now };
	}
	if (action === 'schedule') {
		if (current === 'published') return conflict('Unpublish the article before scheduling it');
		if (!publishAt || Number.isNaN(publishAt.getTime()) || publishAt.getTime() <= now.getTime())
			return {
				ok: false,
				status: 400,
				error: 'invalid_request',
				message: 'Invalid field "publishAt": must be a future instant',
			};
		return { ok: true, state: 'scheduled', publishedAt: publishAt };
	}
	if (current === 'draft' || current === 'unpublished')
		return conflict('Only a published or scheduled article can be unpublished');
	return { ok: true, state: 'unpublished', publishedAt: null };
}

/** What visitors see: a scheduled article whose time has come is published. */
export function effectiveState(state: NewsState, publishedAt: Date | null, now: Date): NewsState {
	if (state === 'scheduled' && publishedAt && publishedAt.getTime() <= now.getTime())
		return 'published';
	return state;
}

export { MAX_IMAGE_BYTES };
export type ImageType = 'png' | 'jpeg' | 'webp';

/** The image type of some bytes by their magic numbers, never by a file name or header. */
export function sniffImage(bytes: Uint8Array): ImageType | null {
	const at = (offset: number, sig: number[]) => sig.every((b, i) => bytes[offset + i] === b);
	if (at(0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
	if (at(0, [0xff, 0xd8, 0xff])) return 'jpeg';
	if (at(0, [0x52, 0x49, 0x46, 0x46]) && at(8, [0x57, 0x45, 0x42, 0x50])) return 'webp';
	return null;
}

export type UploadCheck =
	| { ok: true; type: ImageType }
	| { ok: false; status: 400 | 413 | 415; error: string; message: string };

/** An upload's bytes before decoding: present, within the size, PNG, JPEG or WebP. */
export function checkUpload(bytes: Uint8Array): UploadCheck {
	if (bytes.byteLength === 0)
		return {
			ok: false,
			status: 400,
			error: 'invalid_request',
			message: 'Invalid field "image": empty',
		};
	if (bytes.byteLength > MAX_IMAGE_BYTES)
		return {
			ok: false,
			status: 413,
			error: 'payload_too_large',
			message: `Images may be at most ${MAX_IMAGE_BYTES / 1024 / 1024} MB`,
		};
	const type = sniffImage(bytes);
	if (!type)
		return {
			ok: false,
			status: 415,
			error: 'unsupported_media_type',
			message: 'Images must be PNG, JPEG or WebP',
		};
	return { ok: true, type };
}

export const previewInput = z.object({ markdown: text(MAX_BODY_CHARS) });
