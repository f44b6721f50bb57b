import type { APIRoute } from 'astro';
import { competitionBody } from '~/lib/cms/fixtures';
import { json, methodNotAllowed } from '~/server/auth/http';
import { parseBody } from '~/server/auth/responses';
import { createCompetition } from '~/server/cms/fixture-catalogue';
import { fixturesResponse } from '~/server/cms/fixtures-http';
import { fixtureChoices } from '~/server/cms/fixtures-read';
import { staffActor } from '~/server/cms/guard';

/** GET /api/cms/competitions: every season under its competition (a fixture's `seasonId`). */
export const GET: APIRoute = async ({ request, locals }) => {
	const who = staffActor(request, locals, 'fixtures.edit');
	if (!who.ok) return who.response;
	return json(200, { data: (await fixtureChoices()).seasons });
};

/** POST /api/cms/competitions: a competition and its first season (audited `competition.create`). */
export const POST: APIRoute = async ({ request, locals }) => {
	const who = staffActor(request, locals, 'fixtures.edit');
	if (!who.ok) return who.response;
	const body = await parseBody(request, competitionBody);
	if (!body.ok) return body.response;
	return fixturesResponse(await createCompetition(who.actor, body.data), 201);
};

export const ALL: APIRoute = () => methodNotAllowed('GET, POST');
