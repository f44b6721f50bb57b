import type { APIRoute } from 'astro';
import { readNewsImage } from '~/server/news/images';

/** News images: always WebP (re-encoded on upload), never sniffed into anything else. */
export const GET: APIRoute = async ({ params }) => {
	const body = await readNewsImage(params.file ?? '');
	if (!body) return new Response(null, { status: 404, headers: { 'Cache-Control': 'no-store' } });
	return new Response(new Uint8Array(body), {
		headers: {
			'Content-Type': 'image/webp',
			'X-Content-Type-Options': 'nosniff',
			'Content-Security-Policy': "default-src 'none'; sandbox",
			// The name is new for every upload: the bytes behind it never change.
			'Cache-Control': 'public, max-age=31536000, immutable',
		},
	});
};
