import type { APIRoute } from 'astro';
import { openLiveStream } from '~/server/live/stream';

/** Server-Sent Events: live scores for the matches a tab watches (see server/live/stream.ts). */
export const GET: APIRoute = ({ request }) => openLiveStream(request);
