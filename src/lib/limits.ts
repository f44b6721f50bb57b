/**
 * Largest request body we read: far below the adapter's 1 GB default. Forms and JSON
 * bodies on this site are a few kilobytes; 256 KB leaves room for a CMS article.
 */
export const MAX_BODY_BYTES = 256 * 1024;

/**
 * Largest image upload. A press photo is often 1–5 MB: under the body limit above it could
 * not be sent at all (issue 28, finding 4). Only the upload endpoint reads this much, a
 * chunk at a time and never past it; the bytes are then re-encoded (src/server/news/images.ts).
 */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

/** The one route whose body may be an image: the console's news image upload. */
export const IMAGE_UPLOAD_PATH = '/api/cms/news/images';

/**
 * The most a request to `pathname` may send. The adapter's own cap is the larger of the two
 * (astro.config.ts); this per-path one is applied before it by the middleware (declared
 * lengths) and by the production front (chunked bodies, scripts/serve.mjs).
 */
export function bodyLimitFor(pathname: string): number {
	return pathname.replace(/\/+$/, '') === IMAGE_UPLOAD_PATH ? MAX_IMAGE_BYTES : MAX_BODY_BYTES;
}
