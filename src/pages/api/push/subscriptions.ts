import type { APIRoute } from 'astro';
import { isCrossSite, json } from '~/server/auth/http';
import { parseBody } from '~/server/auth/responses';
import {
	deleteSubscription,
	ownerBody,
	saveSubscription,
	subscribeBody,
} from '~/server/push/subscriptions';
import { vapidKeys } from '~/server/push/vapid';

const crossSite = () => json(403, { error: 'forbidden', message: 'Cross-site request' });
const off = () => json(404, { error: 'not_found', message: 'Alerts are not enabled on this site' });

/** POST /api/push/subscriptions: opt in (or change what to be alerted about). */
export const POST: APIRoute = async ({ request, locals }) => {
	if (!vapidKeys()) return off();
	if (isCrossSite(request, locals.origin)) return crossSite();
	const body = await parseBody(request, subscribeBody);
	if (!body.ok) return body.response;
	const result = await saveSubscription(body.data, locals.user?.id ?? null);
	return result === 'saved'
		? json(200, { data: { saved: true } })
		: json(409, { error: 'conflict', message: 'This endpoint is subscribed with other keys' });
};

/** DELETE /api/push/subscriptions `{ endpoint, auth }`: opt out entirely. */
export const DELETE: APIRoute = async ({ request, locals }) => {
	if (isCrossSite(request, locals.origin)) return crossSite();
	const body = await parseBody(request, ownerBody);
	if (!body.ok) return body.response;
	return (await deleteSubscription(body.data))
		? json(200, { data: null })
		: json(404, { error: 'not_found', message: 'No such subscription' });
};
