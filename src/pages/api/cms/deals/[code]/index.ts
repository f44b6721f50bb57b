import type { APIRoute } from 'astro';
import { json, methodNotAllowed } from '~/server/auth/http';
import { consoleDeal, dealJson, parseDealCode } from '~/server/cms/deals';
import { staffActor } from '~/server/cms/guard';
import { unknownResource } from '~/server/cms/plans-http';

/** GET /api/cms/deals/{code}: one deal with its state and uses (admins). */
export const GET: APIRoute = async ({ request, locals, params }) => {
	const who = staffActor(request, locals, 'plans.edit');
	if (!who.ok) return who.response;
	const code = parseDealCode(params['code']);
	const deal = code ? await consoleDeal(code) : undefined;
	return deal ? json(200, { data: dealJson(deal) }) : unknownResource('deal');
};

export const ALL: APIRoute = () => methodNotAllowed('GET');
