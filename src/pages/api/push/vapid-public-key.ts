import type { APIRoute } from 'astro';
import { json } from '~/server/auth/http';
import { vapidKeys } from '~/server/push/vapid';

/** GET /api/push/vapid-public-key: `{ key }` for PushManager.subscribe; 404 when alerts are off. */
export const GET: APIRoute = () => {
	const keys = vapidKeys();
	return keys
		? new Response(JSON.stringify({ key: keys.publicKey }), {
				headers: {
					'Content-Type': 'application/json; charset=utf-8',
					'Cache-Control': 'public, max-age=300',
				},
			})
		: json(404, { error: 'not_found', message: 'Alerts are not enabled on this site' });
};
