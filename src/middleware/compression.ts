import { defineMiddleware } from 'astro:middleware';
import { compressResponse } from '../server/front/compress';

/** Compresses every text answer worth it (src/server/front/compress.ts). Outermost: it sees the final bytes. */
export const compression = defineMiddleware(async (context, next) =>
	compressResponse(context.request, await next()),
);
