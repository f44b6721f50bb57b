import { eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Locale } from '~/i18n/locales';
import type { Translate } from '~/i18n/server';
import { getDb } from '../db/client';
import { matches, teams } from '../db/schema/football';
import type { StreamRow } from '../db/schema/streams';

/*
 * Stream titles the site writes itself, in the visitor's language (issue 34: "Live (demo
 * feed): France v Iraq" on German pages). The replay feed stores its streams' titles in
 * English (the row must hold one: the console and the API read it), and migrations seeded
 * the demo streams' titles in English; both are shown from `streams:own.*` instead, with the
 * teams named as everywhere else (views/names.ts).
 *
 * A title is the site's own only while it is exactly what the site wrote: an editor who
 * retitles such a stream in the console gets their title shown as typed (and their
 * translations, which streamTexts reads first).
 */

/** What the replay feed writes before the teams' names, by the stream's kind. */
export const REPLAY_TITLE_PREFIX = {
	live: 'Live (demo feed): ',
	highlight: 'Highlights (demo footage): ',
} as const;
/** Between the teams' names in a stored replay title. */
export const REPLAY_TITLE_VERSUS = ' v ';

/** The seeded demo streams' titles (migrations 0001 and 0007) and their messages. */
const SEEDED: Record<string, { title: string; key: string }> = {
	'demo-live': { title: 'Matchday Live: demo match feed', key: 'demoLive' },
	'demo-highlight': { title: 'Goals of the week (demo footage)', key: 'demoHighlight' },
	'demo-movie': { title: 'The Beautiful Game (demo film)', key: 'demoMovie' },
};

/** `live-m12` → live, `highlight-m12` → highlight: the ids match-streams.ts gives. */
const REPLAY_ID = /^(live|highlight)-m(\d+)$/;

type Titled = Pick<StreamRow, 'id' | 'title' | 'matchId'>;

/**
 * Names teams in the visitor's language (views/names.ts `Names`, which the caller passes:
 * the views sit above streams, which must not import them).
 */
export interface TeamNames {
	team<T extends { id: number; name: string }>(team: T): T;
}

/** What the visitor's texts are made with. */
export interface StreamTextContext {
	locale: Locale;
	t: Translate;
	names: TeamNames;
}

/**
 * The site's own titles among `rows`, in `locale`, by stream id (streams whose title an
 * editor wrote are left out). English keeps the stored titles: they are the English.
 */
export async function ownTitles(
	rows: readonly Titled[],
	ctx: StreamTextContext,
): Promise<Map<string, string>> {
	const out = new Map<string, string>();
	if (ctx.locale === 'en') return out;
	const { t, names } = ctx;
	const replays: { row: Titled; kind: keyof typeof REPLAY_TITLE_PREFIX; matchId: number }[] = [];
	for (const row of rows) {
		const seeded = SEEDED[row.id];
		if (seeded) {
			if (row.title === seeded.title) out.set(row.id, t(`streams:own.${seeded.key}`));
			continue;
		}
		const m = REPLAY_ID.exec(row.id);
		if (
			m &&
			row.matchId === Number(m[2]) &&
			row.title.startsWith(REPLAY_TITLE_PREFIX[m[1] as 'live'])
		)
			replays.push({ row, kind: m[1] as 'live' | 'highlight', matchId: row.matchId });
	}
	if (replays.length === 0) return out;
	const db = await getDb();
	const home = alias(teams, 'home');
	const away = alias(teams, 'away');
	const found = await db
		.select({
			id: matches.id,
			home: { id: home.id, name: home.name },
			away: { id: away.id, name: away.name },
		})
		.from(matches)
		.innerJoin(home, eq(home.id, matches.homeTeamId))
		.innerJoin(away, eq(away.id, matches.awayTeamId))
		.where(
			inArray(
				matches.id,
				replays.map((r) => r.matchId),
			),
		);
	const byId = new Map(found.map((f) => [f.id, f]));
	for (const { row, kind, matchId } of replays) {
		const f = byId.get(matchId);
		if (!f) continue;
		const stored = `${REPLAY_TITLE_PREFIX[kind]}${f.home.name}${REPLAY_TITLE_VERSUS}${f.away.name}`;
		if (row.title !== stored) continue;
		out.set(
			row.id,
			t(`streams:own.${kind}`, {
				home: names.team(f.home).name,
				away: names.team(f.away).name,
			}),
		);
	}
	return out;
}
