import type { APIRoute } from 'astro';
import { planUpdateBody } from '~/lib/cms/plans';
import { json, methodNotAllowed } from '~/server/auth/http';
import { parseBody } from '~/server/auth/responses';
import { staffActor } from '~/server/cms/guard';
import { consolePlan, updatePlan } from '~/server/cms/plans';
import { planResponse, unknownResource } from '~/server/cms/plans-http';

const planId = (raw: string | undefined) => (raw && /^[a-z0-9-]{1,60}$/.test(raw) ? raw : null);

/** GET /api/cms/plans/{id}: one plan (admins). */
export const GET: APIRoute = async ({ request, locals, params }) => {
	const who = staffActor(request, locals, 'plans.edit');
	if (!who.ok) return who.response;
	const id = planId(params['id']);
	const plan = id ? await consolePlan(id) : undefined;
	return plan ? json(200, { data: plan }) : unknownResource('plan');
};

/**
 * PUT /api/cms/plans/{id} `{ prices: { EUR: 999, … }, paymentMethods: ["card", …] }`: the
 * whole price list (a currency left out is no longer sold) and the methods (audited).
 */
export const PUT: APIRoute = async ({ request, locals, params }) => {
	const who = staffActor(request, locals, 'plans.edit');
	if (!who.ok) return who.response;
	const id = planId(params['id']);
	if (!id) return unknownResource('plan');
	const body = await parseBody(request, planUpdateBody);
	if (!body.ok) return body.response;
	return planResponse(await updatePlan(who.actor, id, body.data));
};

export const ALL: APIRoute = () => methodNotAllowed('GET, PUT');
