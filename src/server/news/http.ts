/**
 * The HTTP side of the console's news API: bodies larger than the auth endpoints allow
 * (an article is up to ~100 KB of Markdown), image bytes, and answers for store results.
 */
import { NUL_PROBLEM, nulField } from '~/lib/input';
import { MAX_BODY_BYTES, MAX_IMAGE_BYTES } from '~/lib/limits';
import { badRequest, json, readLimited } from '../auth/http';
import { invalidBody } from '../auth/responses';
import type { NewsResult } from './store';

type Schema<T> = {
	safeParse(
		value: unknown,
	):
		| { success: true; data: T }
		| { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } };
};

const tooLarge = () => json(413, { error: 'payload_too_large', message: 'Request body too large' });

/** A JSON body of up to the site's body limit, parsed with `schema` (400 naming the field). */
export async function newsBody<T>(
	request: Request,
	schema: Schema<T>,
): Promise<{ ok: true; data: T } | { ok: false; response: Response }> {
	if (!/^application\/json\b/i.test(request.headers.get('content-type') ?? ''))
		return {
			ok: false,
			response: json(415, { error: 'unsupported_media_type', message: 'Send JSON' }),
		};
	const text = await readLimited(request, MAX_BODY_BYTES);
	if (text === null) return { ok: false, response: tooLarge() };
	let value: unknown;
	try {
		value = text ? JSON.parse(text) : {};
	} catch {
		return { ok: false, response: badRequest('invalid_request', 'Malformed JSON') };
	}
	const bad = nulField(value);
	if (bad)
		return {
			ok: false,
			response: json(400, {
				error: 'invalid_request',
				message: `Invalid field "${bad}": ${NUL_PROBLEM}`,
				fields: [bad],
			}),
		};
	const parsed = schema.safeParse(value);
	if (!parsed.success) return { ok: false, response: invalidBody(parsed.error.issues) };
	return { ok: true, data: parsed.data };
}

/**
 * An image upload's bytes, read a chunk at a time and never past MAX_IMAGE_BYTES (a larger
 * body is cancelled, not buffered), or null when larger. sharp needs the whole file, so
 * this bound is what keeps an upload's memory bounded.
 */
export async function bodyBytes(request: Request): Promise<Uint8Array | null> {
	if (Number(request.headers.get('content-length') ?? 0) > MAX_IMAGE_BYTES) return null;
	if (!request.body) return new Uint8Array();
	const reader = request.body.getReader();
	const chunks: Uint8Array[] = [];
	let size = 0;
	for (;;) {
		let chunk: ReadableStreamReadResult<Uint8Array>;
		try {
			chunk = await reader.read();
		} catch {
			return null;
		}
		if (chunk.done) break;
		size += chunk.value.byteLength;
		if (size > MAX_IMAGE_BYTES) {
			await reader.cancel().catch(() => {});
			return null;
		}
		chunks.push(chunk.value);
	}
	return new Uint8Array(Buffer.concat(chunks));
}

/** 413 for an image over the limit: the console shows it beside the file field. */
export const imageTooLarge = () =>
	json(413, {
		error: 'payload_too_large',
		message: `Images may be at most ${MAX_IMAGE_BYTES / 1024 / 1024} MB`,
		limitBytes: MAX_IMAGE_BYTES,
	});

export { tooLarge };

/** 200/201 with the value as `data`, or the failure's status and body. */
export function newsResponse<T>(result: NewsResult<T>, status = 200): Response {
	if (result.ok) return json(status, { data: result.value });
	const { ok: _ok, status: code, ...body } = result;
	return json(code, body);
}
