import type { APIRoute } from 'astro';
import { isCrossSite, json, requestMeta } from '~/server/auth/http';
import { tooManyRequests } from '~/server/limits/http';
import { pushWriteLimit } from '~/server/push/limits';
import { parseBody } from '~/server/auth/responses';
import { stopBody, stopKind } from '~/server/push/subscriptions';

/** POST /api/push/stop `{ endpoint, auth, kind }`: the notification's one-click "stop these". */
export const POST: APIRoute = async ({ request, locals, clientAddress }) => {
	if (isCrossSite(request, locals.origin))
		return json(403, { error: 'forbidden', message: 'Cross-site request' });
	const limited = pushWriteLimit(requestMeta(request, clientAddress).ip);
	if (!limited.ok) return tooManyRequests(limited.retryAfter);
	const body = await parseBody(request, stopBody);
	if (!body.ok) return body.response;
	return (await stopKind(body.data))
		? json(200, { data: null })
		: json(404, { error: 'not_found', message: 'No such subscription' });
};
