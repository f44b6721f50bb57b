import type { APIRoute } from 'astro';
import { requestMeta } from '~/server/auth/http';
import { openLiveStream } from '~/server/live/stream';

/** Server-Sent Events: live scores for the matches a tab watches (see server/live/stream.ts). */
export const GET: APIRoute = ({ request, clientAddress }) =>
	openLiveStream(request, requestMeta(request, clientAddress).ip);
