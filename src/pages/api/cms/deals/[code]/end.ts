import type { APIRoute } from 'astro';
import { methodNotAllowed } from '~/server/auth/http';
import { endDeal, parseDealCode } from '~/server/cms/deals';
import { staffActor } from '~/server/cms/guard';
import { dealResponse, unknownResource } from '~/server/cms/plans-http';

/** POST /api/cms/deals/{code}/end: ends the deal now; 409 if it ended already (audited). */
export const POST: APIRoute = async ({ request, locals, params }) => {
	const who = staffActor(request, locals, 'plans.edit');
	if (!who.ok) return who.response;
	const code = parseDealCode(params['code']);
	if (!code) return unknownResource('deal');
	return dealResponse(await endDeal(who.actor, code));
};

export const ALL: APIRoute = () => methodNotAllowed('POST');
