import type { APIRoute } from 'astro';
import { methodNotAllowed } from '~/server/auth/http';
import { staffActor } from '~/server/cms/guard';
import { bodyBytes, imageTooLarge } from '~/server/news/http';
import { storeNewsImage } from '~/server/news/images';
import { json } from '~/server/auth/http';

/**
 * POST /api/cms/news/images: the image's bytes as the body (any content type: the bytes
 * decide), up to 5 MB: this route's own limit, not the 256 KB of forms (src/lib/limits.ts).
 * 201 with the generated file name and its address; audited. Over the limit: 413 JSON.
 */
export const POST: APIRoute = async ({ request, locals }) => {
	const actor = staffActor(request, locals, 'news.edit');
	if (!actor.ok) return actor.response;
	const bytes = await bodyBytes(request);
	if (!bytes) return imageTooLarge();
	const stored = await storeNewsImage(bytes, actor.actor);
	if (!stored.ok) {
		const { ok: _ok, status, ...body } = stored;
		return json(status, body);
	}
	const { ok: _ok, ...data } = stored;
	return json(201, { data });
};

export const ALL: APIRoute = () => methodNotAllowed('POST');
