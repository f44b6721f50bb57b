import type { APIRoute } from 'astro';
import { dealCreateBody } from '~/lib/cms/plans';
import { json, methodNotAllowed } from '~/server/auth/http';
import { parseBody } from '~/server/auth/responses';
import { createDeal, dealJson, listDeals } from '~/server/cms/deals';
import { staffActor } from '~/server/cms/guard';
import { dealResponse } from '~/server/cms/plans-http';

/** GET /api/cms/deals: every deal with its state and uses (paid checkouts), newest first. */
export const GET: APIRoute = async ({ request, locals }) => {
	const who = staffActor(request, locals, 'plans.edit');
	if (!who.ok) return who.response;
	return json(200, { data: (await listDeals()).map(dealJson) });
};

/** POST /api/cms/deals: a new hidden deal; the server draws its random code (audited). */
export const POST: APIRoute = async ({ request, locals }) => {
	const who = staffActor(request, locals, 'plans.edit');
	if (!who.ok) return who.response;
	const body = await parseBody(request, dealCreateBody);
	if (!body.ok) return body.response;
	return dealResponse(await createDeal(who.actor, body.data), 201);
};

export const ALL: APIRoute = () => methodNotAllowed('GET, POST');
