import type { APIRoute } from 'astro';
import { json, methodNotAllowed } from '~/server/auth/http';
import { staffActor } from '~/server/cms/guard';
import { findPeople } from '~/server/cms/people';
import { searchParams } from '~/server/cms/people-http';

/** GET /api/cms/people?q=&page=: users whose e-mail contains q, 20 a page (admins). */
export const GET: APIRoute = async ({ request, url, locals }) => {
	const who = staffActor(request, locals, 'people.manage');
	if (!who.ok) return who.response;
	const params = searchParams(url);
	if (!params.ok) return params.response;
	const { people, hasMore } = await findPeople(params.query.q, params.query.page);
	return json(200, { data: people, page: params.query.page, hasMore });
};

export const ALL: APIRoute = () => methodNotAllowed('GET');
