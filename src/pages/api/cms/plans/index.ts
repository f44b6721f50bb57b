import type { APIRoute } from 'astro';
import { json, methodNotAllowed } from '~/server/auth/http';
import { staffActor } from '~/server/cms/guard';
import { listPlans } from '~/server/cms/plans';

/** GET /api/cms/plans: every plan with its prices per currency and payment methods (admins). */
export const GET: APIRoute = async ({ request, locals }) => {
	const who = staffActor(request, locals, 'plans.edit');
	if (!who.ok) return who.response;
	return json(200, { data: await listPlans() });
};

export const ALL: APIRoute = () => methodNotAllowed('GET');
