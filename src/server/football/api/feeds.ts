import { getDb, type Database } from '~/server/db/client';
import { crestSvg } from '../crest';
import { ensureFootballData } from '../ensure';
import { buildCalendar } from '../ical';
import { calendarMatches } from '../queries/calendar';
import { getTeamRef } from '../queries/teams';
import { badRequest, notFound, withEtag } from './http';
import { idOrSlugParam, idParam, param } from './params';

async function db(): Promise<Database> {
	const database = await getDb();
	await ensureFootballData(database);
	return database;
}

/**
 * `/api/calendar/team/{id}.ics` and `/api/calendar/competition/{id}.ics`. `origin` is the
 * site's trusted origin (Astro.locals.origin), used for UIDs and links.
 */
export async function calendarHandler(input: {
	kind: 'team' | 'competition';
	id: string | undefined;
	origin: string;
	ifNoneMatch: string | null;
	now?: Date;
}): Promise<Response> {
	let found: Awaited<ReturnType<typeof calendarMatches>>;
	if (input.kind === 'team') {
		const id = param('id', input.id, idParam, true);
		if (!id.ok) return badRequest(id.param, id.message);
		found = await calendarMatches(await db(), { teamId: id.value! }, input.now);
	} else {
		const id = param('id', input.id, idOrSlugParam, true);
		if (!id.ok) return badRequest(id.param, id.message);
		found = await calendarMatches(await db(), { competition: id.value! }, input.now);
	}
	if (!found) return notFound(input.kind === 'team' ? 'Team' : 'Competition');
	const text = buildCalendar({ name: found.name, matches: found.matches, origin: input.origin });
	return withEtag(text, 'text/calendar; charset=utf-8', {
		ifNoneMatch: input.ifNoneMatch,
		maxAge: 3600,
	});
}

/** `/crest/{id}.svg`: long-cached, since a crest only changes when a team is renamed. */
export async function crestHandler(input: {
	id: string | undefined;
	ifNoneMatch: string | null;
}): Promise<Response> {
	const id = param('id', input.id, idParam, true);
	if (!id.ok) return badRequest(id.param, id.message);
	const team = await getTeamRef(await db(), id.value!);
	if (!team) return notFound('Team');
	return withEtag(crestSvg(team), 'image/svg+xml; charset=utf-8', {
		ifNoneMatch: input.ifNoneMatch,
		cacheControl: 'public, max-age=604800, stale-while-revalidate=2592000',
	});
}
