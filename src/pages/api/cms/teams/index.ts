import type { APIRoute } from 'astro';
import { teamBody } from '~/lib/cms/fixtures';
import { json, methodNotAllowed } from '~/server/auth/http';
import { parseBody } from '~/server/auth/responses';
import { createTeam } from '~/server/cms/fixture-catalogue';
import { fixturesResponse } from '~/server/cms/fixtures-http';
import { fixtureChoices } from '~/server/cms/fixtures-read';
import { staffActor } from '~/server/cms/guard';

/** GET /api/cms/teams: every team (id, name), for picking a fixture's sides. */
export const GET: APIRoute = async ({ request, locals }) => {
	const who = staffActor(request, locals, 'fixtures.edit');
	if (!who.ok) return who.response;
	return json(200, { data: (await fixtureChoices()).teams });
};

/** POST /api/cms/teams: a team the shipped data lacks (audited `team.create`). */
export const POST: APIRoute = async ({ request, locals }) => {
	const who = staffActor(request, locals, 'fixtures.edit');
	if (!who.ok) return who.response;
	const body = await parseBody(request, teamBody);
	if (!body.ok) return body.response;
	return fixturesResponse(await createTeam(who.actor, body.data), 201);
};

export const ALL: APIRoute = () => methodNotAllowed('GET, POST');
