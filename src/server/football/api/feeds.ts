import { getDb, type Database } from '~/server/db/client';
import { crestSvg } from '../crest';
import { ensureFootballData } from '../ensure';
import { buildCalendar } from '../ical';
import { calendarMatches } from '../queries/calendar';
import { getTeamRef } from '../queries/teams';
import { badRequest, notFound, withEtag } from './http';
import { z } from 'zod';
import { LOCALES } from '~/i18n/locales';
import { useTranslations } from '~/i18n/server';
import { idOrSlugParam, idParam, param, seasonParam } from './params';

const localeParam = z.enum(LOCALES, { error: `must be one of ${LOCALES.join(', ')}` });

async function db(): Promise<Database> {
	const database = await getDb();
	await ensureFootballData(database);
	return database;
}

/**
 * `/api/calendar/team/{id}.ics` and `/api/calendar/competition/{id}.ics[?season=2022]`,
 * both with `?locale=` (default en) for the language of the event links and texts.
 * `origin` is the site's trusted origin (Astro.locals.origin), used for UIDs and links.
 */
export async function calendarHandler(input: {
	kind: 'team' | 'competition';
	id: string | undefined;
	origin: string;
	ifNoneMatch: string | null;
	query?: URLSearchParams;
	now?: Date;
}): Promise<Response> {
	const locale = param('locale', input.query?.get('locale'), localeParam);
	if (!locale.ok) return badRequest(locale.param, locale.message);
	const season = param('season', input.query?.get('season'), seasonParam);
	if (!season.ok) return badRequest(season.param, season.message);
	if (season.value && input.kind === 'team')
		return badRequest('season', 'a team feed has every season');
	let found: Awaited<ReturnType<typeof calendarMatches>>;
	if (input.kind === 'team') {
		const id = param('id', input.id, idParam, true);
		if (!id.ok) return badRequest(id.param, id.message);
		found = await calendarMatches(await db(), { teamId: id.value! }, input.now);
	} else {
		const id = param('id', input.id, idOrSlugParam, true);
		if (!id.ok) return badRequest(id.param, id.message);
		found = await calendarMatches(
			await db(),
			{ competition: id.value!, season: season.value },
			input.now,
		);
	}
	if (!found)
		return notFound(
			input.kind === 'team' ? 'Team' : season.value ? `Season ${season.value}` : 'Competition',
		);
	const t = useTranslations(locale.value ?? 'en');
	const labels = {
		postponed: t('football:icalendar.postponed'),
		cancelled: t('football:icalendar.cancelled'),
		timeToBeConfirmed: t('football:icalendar.timeToBeConfirmed'),
		replay: t('live:replay'),
	};
	const text = buildCalendar({
		name: found.name,
		matches: found.matches,
		origin: input.origin,
		locale: locale.value ?? 'en',
		labels,
	});
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
