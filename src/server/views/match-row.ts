/**
 * The pieces every football page shows of a match (kick-off, status, score, crest, a row
 * in a list), ready to render: components print these values and compute nothing.
 */
import { followsLive } from '~/lib/live/follow-window';
import { matchPath } from '~/lib/urls';
import type { MatchStatus } from '~/server/db/schema/football';
import { crestUrl } from '~/server/football/crest';
import type { MatchSummary } from '~/server/football/queries/shape';
import { localHref } from '~/lib/locale-resolution';
import type { Translate } from '~/i18n/server';
import type { ViewContext } from './context';
import { kickoffNeedsYear } from '~/lib/kickoff-format';
import { formatKickoff, type KickoffStyle } from './format';
import { isLive } from '~/lib/football/match-status';
import { shownScore } from './score';
import { hasStream } from '~/server/streams/match-streams';

/** A kick-off in the visitor's zone and language; null when only the date is known and the style is time-only (shown as "time TBC"). */
export type KickoffView = {
	iso: string;
	style: KickoffStyle;
	/** The year is shown (a date over half a year from now). */
	withYear: boolean;
	text: string;
} | null;

/** A match status as its label ("Full-time", "Live 63'") and its short form for lists ("FT", "63'"). */
export interface StatusView {
	code: MatchStatus;
	text: string;
	short: string;
}

/** The score to show (null before kick-off: "v" is shown), with its notes. */
export type ScoreView = {
	home: number;
	away: number;
	/** "a.e.t." after extra time. */
	aet: string | null;
	/** The shoot-out ("4–2 pens"). */
	pen: string | null;
} | null;

/** A team with its crest. */
export interface TeamView {
	id: number;
	name: string;
	shortName: string;
	crest: string;
}

export interface MatchRowView {
	id: number;
	status: MatchStatus;
	live: boolean;
	/**
	 * The row follows the match live in the browser (lib/live/follow-window.ts): its status,
	 * minute and score change in place (src/scripts/live-rows.ts).
	 */
	follow: boolean;
	href: string;
	/** The day, in lists spanning several days (with its year when far away or asked for). */
	day: KickoffView;
	/** The kick-off time; null when unknown. */
	kickoff: KickoffView;
	/** Show "time TBC": a match still to be played whose time is not known. */
	timeTbc: boolean;
	/** Null before kick-off (a scheduled match shows only its time). */
	statusText: StatusView | null;
	home: TeamView;
	away: TeamView;
	score: ScoreView;
	/** The competition's name, in lists mixing competitions. */
	competition: string | null;
	/** "Watch" when the match has a stream (live or highlights); null otherwise. */
	watch: string | null;
	/**
	 * "Replay" while the replay feed plays this past match back as if live: a row must never
	 * pass a 2022 match off as live football (issue 27). Null otherwise.
	 */
	replay: { label: string; note: string } | null;
}

export interface MatchRowOptions {
	/** Show the date as well as the time (lists spanning several days). */
	showDate?: boolean;
	/** Show the competition name (lists mixing competitions). */
	showCompetition?: boolean;
	/** Always show the year (lists spanning several seasons, e.g. head-to-head). */
	showYear?: boolean;
}

/** Without a known time only the date can be shown; the client rewrite keeps the same style. */
export function kickoffView(
	at: Date,
	timeKnown: boolean,
	style: KickoffStyle,
	ctx: ViewContext,
	{ now = new Date(), year }: { now?: Date; year?: boolean } = {},
): KickoffView {
	const shown: KickoffStyle | null = timeKnown ? style : style === 'time' ? null : 'date';
	if (!shown) return null;
	const iso = at.toISOString();
	const withYear = shown !== 'time' && (year ?? kickoffNeedsYear(at, now));
	return {
		iso,
		style: shown,
		withYear,
		text: formatKickoff(iso, ctx.locale, ctx.timeZone, shown, withYear),
	};
}

export function statusView(
	status: MatchStatus,
	minute: number | null | undefined,
	t: Translate,
): StatusView {
	const live = status === 'live';
	const minuteText = live && minute != null ? `${minute}'` : null;
	return {
		code: status,
		text: `${t(`football:matchStatus.${status}`)}${minuteText ? ` ${minuteText}` : ''}`,
		short: minuteText ?? t(`football:matchStatusShort.${status}`),
	};
}

export function scoreView(m: Pick<MatchSummary, 'status' | 'score'>, t: Translate): ScoreView {
	const score = shownScore(m);
	if (!score) return null;
	return {
		home: score.home,
		away: score.away,
		aet: score.decided === 'aet' ? t('football:ui.aet') : null,
		pen:
			score.decided === 'pen' && score.pen
				? t('football:ui.penalties', { home: score.pen[0], away: score.pen[1] })
				: null,
	};
}

export function teamView(team: { id: number; name: string; shortName?: string }): TeamView {
	return {
		id: team.id,
		name: team.name,
		shortName: team.shortName ?? team.name,
		crest: crestUrl(team.id),
	};
}

/** The "Replay" badge of a match the replay feed is playing back, with its note; else null. */
export function replayBadge(
	m: Pick<MatchSummary, 'isReplay'>,
	t: Translate,
): { label: string; note: string } | null {
	return m.isReplay ? { label: t('live:replay'), note: t('live:replayNote') } : null;
}

export function matchRowView(
	m: MatchSummary,
	ctx: ViewContext,
	options: MatchRowOptions = {},
): MatchRowView {
	const { showDate = false, showCompetition = false, showYear = false } = options;
	return {
		id: m.id,
		status: m.status,
		live: isLive(m.status),
		follow: followsLive(m, new Date()),
		href: localHref(ctx.locale, matchPath(m)),
		day: showDate
			? kickoffView(m.kickoffAt, true, 'date', ctx, showYear ? { year: true } : {})
			: null,
		kickoff: kickoffView(m.kickoffAt, m.kickoffTimeKnown, 'time', ctx),
		timeTbc: !m.kickoffTimeKnown && m.status === 'scheduled',
		statusText: m.status === 'scheduled' ? null : statusView(m.status, m.minute, ctx.t),
		home: teamView(m.home),
		away: teamView(m.away),
		score: scoreView(m, ctx.t),
		competition: showCompetition ? m.competition.name : null,
		watch: hasStream(m.id) ? ctx.t('watching:mark') : null,
		replay: replayBadge(m, ctx.t),
	};
}

export function matchRows(
	matches: readonly MatchSummary[],
	ctx: ViewContext,
	options: MatchRowOptions = {},
): MatchRowView[] {
	return matches.map((m) => matchRowView(m, ctx, options));
}
