import { describe, expect, it } from 'vitest';
import { useTranslations } from '~/i18n/server';
import type { StandingsRow } from '~/lib/standings';
import type { LineupEntry, MatchEvent } from '~/server/football/queries/match-detail';
import type { MatchSummary } from '~/server/football/queries/shape';
import type { ViewContext } from '~/server/views/context';
import { dateStripView, paginationView } from '~/server/views/day-parts';
import { formView, tableView } from '~/server/views/league-table';
import { goalsView, lineUpsView, timelineView } from '~/server/views/match-parts';
import { kickoffView, matchRowView } from '~/server/views/match-row';

// The pieces components print are made here, so what a visitor reads is tested here.
const ctx: ViewContext = {
	locale: 'en',
	t: useTranslations('en'),
	origin: 'https://example.test',
	timeZone: 'Europe/Berlin',
};
const de: ViewContext = { ...ctx, locale: 'de', t: useTranslations('de') };

function match(partial: Partial<MatchSummary>): MatchSummary {
	return {
		id: 7,
		kickoffAt: new Date('2025-08-15T19:00:00Z'),
		kickoffTimeKnown: true,
		status: 'finished',
		minute: null,
		competition: {
			id: 1,
			code: 'en.1',
			slug: 'premier-league',
			name: 'Premier League',
			type: 'league',
			areaName: 'England',
		},
		season: { id: 1, label: '2025-26' },
		round: 'Matchday 1',
		stage: 'regular',
		groupName: null,
		matchday: 1,
		home: {
			id: 10,
			name: 'Liverpool FC',
			shortName: 'Liverpool',
			slug: 'liverpool-fc',
			tla: 'LIV',
			isNational: false,
			colours: { primary: '#c8102e', secondary: '#ffffff' },
		},
		away: {
			id: 20,
			name: 'AFC Bournemouth',
			shortName: 'Bournemouth',
			slug: 'afc-bournemouth',
			tla: 'BOU',
			isNational: false,
			colours: { primary: '#da291c', secondary: '#000000' },
		},
		score: { ht: [1, 0], ft: [4, 2], et: null, pen: null },
		winner: 'home',
		version: 1,
		updatedAt: new Date(),
		isReplay: false,
		...partial,
	};
}

describe('a match row', () => {
	it('carries the localised link, the crests and the kick-off in the visitor zone', () => {
		const row = matchRowView(match({}), de);
		expect(row.href).toBe('/de/match/7');
		expect(row.home).toEqual({
			id: 10,
			name: 'Liverpool FC',
			shortName: 'Liverpool',
			crest: '/crest/10.svg',
		});
		expect(row.kickoff).toEqual({
			iso: '2025-08-15T19:00:00.000Z',
			style: 'time',
			withYear: false,
			text: '21:00',
		});
		expect(row.score).toEqual({ home: 4, away: 2, aet: null, pen: null });
		expect(row.day).toBeNull();
		expect(row.competition).toBeNull();
	});

	it('adds date, year and competition only when the list asks for them', () => {
		const row = matchRowView(match({ kickoffAt: new Date('2025-12-31T23:30:00Z') }), ctx, {
			showDate: true,
			showYear: true,
			showCompetition: true,
		});
		expect(row.kickoff?.text).toBe('00:30');
		expect(row.day?.style).toBe('date');
		expect(row.day?.text).toBe('1 Jan 2026'); // already New Year in Berlin
		expect(row.competition).toBe('Premier League');
	});

	it('a list row puts the day and the time on their own lines: "Sun 19 Jul" / "19:00", never one wrapping string', () => {
		const now = new Date();
		const soon = new Date(now.getTime() + 3 * 24 * 3600 * 1000);
		const row = matchRowView(match({ kickoffAt: soon, status: 'scheduled' }), ctx, {
			showDate: true,
		});
		expect(row.day?.withYear).toBe(false);
		expect(row.day?.text).toMatch(/^\w{3},? \d{1,2} \w{3,4}\.?$/);
		expect(row.kickoff?.style).toBe('time');
		expect(row.timeTbc).toBe(false);
	});

	it('"time TBC" only for a match still to be played; a past match without a time shows just its day', () => {
		const unknown = { kickoffTimeKnown: false, kickoffAt: new Date('2025-08-15T00:00:00Z') };
		const played = matchRowView(match(unknown), ctx, { showDate: true });
		expect(played.kickoff).toBeNull();
		expect(played.timeTbc).toBe(false);
		const future = matchRowView(
			match({
				...unknown,
				status: 'scheduled',
				score: { ht: null, ft: null, et: null, pen: null },
			}),
			ctx,
			{ showDate: true },
		);
		expect(future.timeTbc).toBe(true);
	});

	it('shows no status before kick-off, and the minute while live', () => {
		expect(
			matchRowView(
				match({ status: 'scheduled', score: { ht: null, ft: null, et: null, pen: null } }),
				ctx,
			).statusText,
		).toBeNull();
		const live = matchRowView(
			match({ status: 'live', minute: 63, score: { ht: [1, 0], ft: [2, 1], et: null, pen: null } }),
			ctx,
		);
		expect(live.live).toBe(true);
		expect(live.statusText).toEqual({ code: 'live', text: "Live 63'", short: "63'" });
	});

	it('notes extra time and the shoot-out', () => {
		const aet = matchRowView(
			match({ status: 'finished_aet', score: { ht: null, ft: [1, 1], et: [2, 1], pen: null } }),
			ctx,
		);
		expect(aet.score).toEqual({ home: 2, away: 1, aet: 'after extra time', pen: null });
		const pen = matchRowView(
			match({ status: 'finished_pen', score: { ht: null, ft: [1, 1], et: [1, 1], pen: [4, 2] } }),
			ctx,
		);
		expect(pen.score?.pen).toBe('4–2 on penalties');
		expect(aet.statusText).toEqual({
			code: 'finished_aet',
			text: 'After extra time',
			short: 'AET',
		});
	});

	it('without a known time shows the date, or nothing in a time-only list', () => {
		const at = new Date('2025-08-15T00:00:00Z');
		expect(kickoffView(at, false, 'time', ctx)).toBeNull();
		expect(kickoffView(at, false, 'datetime', ctx)?.style).toBe('date');
	});

	it('shows the year of a date over half a year away (the 2022 final seen in 2026), not of a near one', () => {
		const final = new Date('2022-12-18T15:00:00Z');
		const now = new Date('2026-11-24T10:00:00Z');
		const old = kickoffView(final, true, 'datetime', ctx, { now });
		expect(old?.withYear).toBe(true);
		expect(old?.text).toContain('2022');
		const soon = kickoffView(new Date('2026-12-05T15:00:00Z'), true, 'datetime', ctx, { now });
		expect(soon?.withYear).toBe(false);
		expect(soon?.text).not.toMatch(/20\d\d/);
	});
});

describe('a table', () => {
	const row = (
		position: number,
		gd: number,
		change: number | null,
		form: string,
	): StandingsRow => ({
		position,
		team: { id: position, name: `Team ${position}`, slug: `team-${position}` },
		played: 3,
		won: 1,
		drawn: 1,
		lost: 1,
		goalsFor: 4,
		goalsAgainst: 4 - gd,
		goalDifference: gd,
		points: 4,
		form,
		positionChange: change,
	});

	it('signs the goal difference, says how positions moved and links each team', () => {
		const view = tableView(
			[row(1, 3, 2, 'WDL'), row(2, 0, null, ''), row(3, -2, -1, 'L')],
			{ caption: 'Group A', highlight: [2] },
			de,
		);
		expect(view.rows.map((r) => r.goalDifference)).toEqual(['+3', '0', '-2']);
		expect(view.rows.map((r) => r.change.cls)).toEqual(['up', 'same', 'down']);
		expect(view.rows[0]!.change.symbol).toBe('▲');
		expect(view.rows.map((r) => r.highlight)).toEqual([false, true, false]);
		expect(view.rows[0]!.href).toBe('/de/team/team-1');
	});

	it('builds the form badges only when the form column is shown', () => {
		expect(
			tableView([row(1, 0, null, 'W')], { caption: '', showForm: false }, ctx).rows[0]!.form,
		).toBeNull();
		expect(formView('WDx L', ctx.t)).toEqual({
			label: 'Won, Drawn, Lost',
			letters: [
				{ letter: 'W', title: 'Won', short: 'W' },
				{ letter: 'D', title: 'Drawn', short: 'D' },
				{ letter: 'L', title: 'Lost', short: 'L' },
			],
		});
	});
});

describe('match parts', () => {
	const event = (partial: Partial<MatchEvent>): MatchEvent => ({
		seq: 1,
		type: 'goal',
		teamId: 10,
		side: 'home',
		player: 'M. Salah',
		minute: 45,
		stoppage: 2,
		penalty: false,
		ownGoal: false,
		card: null,
		playerIn: null,
		playerOut: null,
		underReview: false,
		...partial,
	});

	it('writes the timeline: minute with stoppage time, what happened and to whom', () => {
		const [goal, card, sub] = timelineView(
			[
				event({ penalty: true }),
				event({ type: 'card', card: 'red', side: null, minute: null, stoppage: null }),
				event({
					type: 'substitution',
					side: 'away',
					playerIn: 'A',
					playerOut: 'B',
					minute: 70,
					stoppage: null,
				}),
			],
			ctx.t,
		);
		expect(goal).toMatchObject({
			minute: "45+2'",
			icon: 'i-goal',
			text: 'M. Salah (penalty)',
			side: 'home',
		});
		expect(card).toMatchObject({ minute: '', icon: 'i-red', side: 'none' });
		expect(sub).toMatchObject({ minute: "70'", icon: 'i-sub', side: 'away' });
		expect(goalsView([event({}), event({ type: 'card' })])).toEqual([
			{ side: 'home', player: 'M. Salah', minute: 45, stoppage: '+2' },
		]);
	});

	it("lists each side's starters, then its bench, leaving out an empty group", () => {
		const entry = (teamId: number, player: string, starter: boolean): LineupEntry => ({
			teamId,
			player,
			shirtNumber: null,
			position: null,
			starter,
		});
		const [home, away] = lineUpsView(
			[entry(10, 'A', true), entry(10, 'B', false), entry(20, 'C', true)],
			[
				{ id: 10, name: 'H' },
				{ id: 20, name: 'W' },
			],
			ctx.t,
		);
		expect(home!.groups.map((g) => g.heading)).toEqual(['Starting line-up', 'Substitutes']);
		expect(away!.groups.map((g) => g.players.map((p) => p.name))).toEqual([['C']]);
		expect(home!.groups[0]!.players[0]!.shirt).toBe('');
	});
});

describe('day parts', () => {
	it('labels today in the date strip and marks the selected day', () => {
		const days = dateStripView(
			['2025-08-15', '2025-08-16'],
			'2025-08-16',
			'2025-08-15',
			(d) => `/en/home-${d}`,
			ctx,
		);
		expect(days[0]).toEqual({
			href: '/en/home-2025-08-15',
			label: 'Today',
			weekday: 'Today',
			date: '15 Aug',
			dayNumber: '15',
			current: false,
		});
		expect(days[1]!.current).toBe(true);
		expect(days[1]!.label).toMatch(/16 Aug/);
	});

	it('splits each day into a short weekday and a date, so seven fit side by side on a phone', () => {
		const [day] = dateStripView(['2025-08-16'], '2025-08-16', '2025-08-15', (d) => d, ctx);
		expect(day).toMatchObject({ weekday: 'Sat', date: '16 Aug', dayNumber: '16' });
		expect(day?.label).toMatch(/^Saturday,? 16 August 2025$/);
	});

	it('pages: nothing for one page, no link past either end', () => {
		expect(paginationView(1, 1, (p) => `?page=${p}`, ctx)).toBeNull();
		expect(paginationView(1, 3, (p) => `?page=${p}`, ctx)).toEqual({
			prev: null,
			next: '?page=2',
			text: 'Page 1 of 3',
		});
		expect(paginationView(3, 3, (p) => `?page=${p}`, ctx)?.next).toBeNull();
	});
});
