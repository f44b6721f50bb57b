import type { APIRoute } from 'astro';
import { json } from '~/server/auth/http';
import { CMS_OPENAPI } from '~/server/cms/openapi';

export const prerender = false;

/** GET /api/cms/openapi.json: the console API's contract (no secrets: it is public). */
export const GET: APIRoute = () => json(200, CMS_OPENAPI);
