import type { APIRoute } from 'astro';
import { isCrossSite, json, requestMeta } from '~/server/auth/http';
import { tooManyRequests } from '~/server/limits/http';
import { pushWriteLimit, subscribeLimit } from '~/server/push/limits';
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

/**
 * POST /api/push/subscriptions: opt in (or change what to be alerted about). 429 with
 * Retry-After past the client's or the account's limits (server/push/limits.ts).
 */
export const POST: APIRoute = async ({ request, locals, clientAddress }) => {
	if (!vapidKeys()) return off();
	if (isCrossSite(request, locals.origin)) return crossSite();
	const body = await parseBody(request, subscribeBody);
	if (!body.ok) return body.response;
	const { ip } = requestMeta(request, clientAddress);
	const userId = locals.user?.id ?? null;
	const limited = await subscribeLimit(body.data.subscription.endpoint, userId, ip);
	if (!limited.ok) return tooManyRequests(limited.retryAfter);
	const result = await saveSubscription(body.data, userId);
	return result === 'saved'
		? json(200, { data: { saved: true } })
		: json(409, { error: 'conflict', message: 'This endpoint is subscribed with other keys' });
};

/** DELETE /api/push/subscriptions `{ endpoint, auth }`: opt out entirely. */
export const DELETE: APIRoute = async ({ request, locals, clientAddress }) => {
	if (isCrossSite(request, locals.origin)) return crossSite();
	const limited = pushWriteLimit(requestMeta(request, clientAddress).ip);
	if (!limited.ok) return tooManyRequests(limited.retryAfter);
	const body = await parseBody(request, ownerBody);
	if (!body.ok) return body.response;
	return (await deleteSubscription(body.data))
		? json(200, { data: null })
		: json(404, { error: 'not_found', message: 'No such subscription' });
};
