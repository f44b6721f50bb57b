import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import LiveLeagueTable from '~/islands/live/LiveLeagueTable';
import LiveMatchCentre from '~/islands/live/LiveMatchCentre';
import LiveScoresList, { groupByCompetition } from '~/islands/live/LiveScoresList';
import { ageText } from '~/islands/live/LiveStatus';
import { STAT_LABEL_KEYS, TIMELINE_LABEL_KEYS } from '~/lib/live/labels';
import { leagueTableLabels, liveLabels, matchCentreLabels } from '~/server/live/labels';
import { useTranslations } from '~/i18n/server';
import { LOCALES } from '~/i18n/locales';
import { $spoiler } from '~/stores/spoiler';
import type { LiveMatchState } from '~/stores/live';
import Scoreboard from '~/islands/live/Scoreboard';
import type { ScoreboardModel } from '~/lib/scoreboard';

// Attribute order is the renderer's (Preact's string renderer writes `class` last), so the
// patterns below never depend on it.
// The match and league pages belong to other features: these render the two islands the
// way those pages will (server-side first paint, real translations), so a broken prop or
// label shows up here first.
const t = useTranslations('de');
const match: LiveMatchState = {
	matchId: '42',
	status: 'live',
	minute: 67,
	score: { home: 2, away: 1 },
	home: { id: 1, name: 'Northton' },
	away: { id: 2, name: 'Southby' },
	isReplay: true,
	version: 9,
	timeline: [
		{ id: 10, type: 'goal', minute: 12, addedTime: null, side: 'home', player: 'A. Quill' },
		{ id: 11, type: 'red', minute: 45, addedTime: 2, side: 'away', player: 'M. Crane' },
		{ id: 12, type: 'mystery', minute: 50 },
	],
	stats: { possession: [58, 42], xg: [1, 0] },
};

// The page's scoreboard model as the server builds it for this match (scoreboardView).
const board: ScoreboardModel = {
	matchId: '42',
	code: 'live',
	home: { name: 'Northton', href: '/de/team/northton', crest: '/crest/1.svg' },
	away: { name: 'Southby', href: '/de/team/southby', crest: '/crest/2.svg' },
	score: null,
	notes: [],
	versus: 'gg.',
	status: null,
	replay: false,
};

afterEach(() => $spoiler.set({ mode: 'off', delaySec: 0 }));

describe('LiveScoresList', () => {
	const props = { matchIds: null, matchHref: '/de/match/{id}', labels: liveLabels(t) };

	it('paints the server snapshot before the store knows anything (crawlers, no JavaScript)', () => {
		const finished: LiveMatchState = { ...match, matchId: '43', status: 'finished' };
		const html = renderToStaticMarkup(
			createElement(LiveScoresList, { ...props, initial: [match, finished] }),
		);
		expect(html).toContain('Northton');
		expect(html).toContain('2–1');
		expect(html).toContain('href="/de/match/42"');
		expect(html).not.toContain('/de/match/43'); // only what is live is listed
		expect(html).not.toContain(liveLabels(t).empty);
	});

	it('hides the scores in the server render for a visitor in spoiler-safe mode (from the cookie)', () => {
		const hidden = renderToStaticMarkup(
			createElement(LiveScoresList, {
				...props,
				initial: [match],
				spoiler: { mode: 'hide', delaySec: 0 },
			}),
		);
		expect(hidden).toContain('Northton');
		expect(hidden).not.toContain('2–1');
		expect(hidden).toContain('data-testid="reveal"');
	});

	it('says that nothing is live when nothing is', () => {
		const html = renderToStaticMarkup(createElement(LiveScoresList, { ...props, initial: [] }));
		expect(html).toContain(liveLabels(t).empty);
	});

	// Issue 12: live rows showed no crest, competition or minute column, one flat list.
	it('groups live rows by competition, each with the minute first and both crests', () => {
		const cup = { id: 7, name: 'Test Cup', slug: 'test-cup' };
		const league = { id: 8, name: 'Test League', slug: 'test-league' };
		const rows: LiveMatchState[] = [
			{ ...match, matchId: '1', competition: cup },
			{ ...match, matchId: '2', competition: league, home: { id: 3, name: 'Westly' } },
			{ ...match, matchId: '3', competition: cup, minute: 12 },
		];
		expect(groupByCompetition(rows).map((g) => [g.name, g.matches.map((m) => m.matchId)])).toEqual([
			['Test Cup', ['1', '3']],
			['Test League', ['2']],
		]);
		const html = renderToStaticMarkup(createElement(LiveScoresList, { ...props, initial: rows }));
		expect(html.match(/<h3[^>]*>Test Cup<\/h3>/g)).toHaveLength(1);
		expect(html).toContain('<h3 class="live-group__name">Test League</h3>');
		expect(html).toContain('src="/crest/3.svg"');
		expect(html).toMatch(/<li[^>]*data-match-id="1"[^>]*><span class="live-minute">67/);
	});
});

describe('live status line', () => {
	const labels = liveLabels(useTranslations('en'));
	it('says the feed is live while connected, instead of an age that climbs with no news', () => {
		const now = 1_000_000;
		expect(ageText(labels, 'open', now - 5_000, now)).toBe('Updated 5 s ago');
		expect(ageText(labels, 'open', now - 90_000, now)).toBe('Live: scores update as they happen');
		expect(ageText(labels, 'open', null, now)).toBe('Live: scores update as they happen');
		expect(ageText(labels, 'offline', now - 90_000, now)).toMatch(/^Offline/);
		expect(ageText(labels, 'connecting', null, now)).toBe('Connecting…');
	});
});

describe('LiveMatchCentre', () => {
	it('labels every timeline type and statistic in every locale', () => {
		for (const locale of LOCALES) {
			const labels = matchCentreLabels(useTranslations(locale));
			for (const k of TIMELINE_LABEL_KEYS)
				expect(labels.events[k]).not.toMatch(/^(live:|events\.)/);
			for (const k of STAT_LABEL_KEYS) expect(labels.stats[k]).not.toMatch(/^(live:|stats\.)/);
			for (const v of Object.values(leagueTableLabels(useTranslations(locale))))
				expect(v).not.toMatch(/^live:|^table\./);
		}
	});

	it('renders score, minute, replay label, translated timeline and known statistics', () => {
		const html = renderToStaticMarkup(
			createElement(LiveMatchCentre, { initial: match, labels: matchCentreLabels(t), board }),
		);
		expect(html).toContain('2–1');
		expect(html).toMatch(/67(&#x27;|')/);
		expect(html).toContain('Wiederholung');
		expect(html).toContain('Tor');
		expect(html).toMatch(/45\+2(&#x27;|')/);
		expect(html).toContain('Rote Karte');
		expect(html).not.toContain('mystery');
		expect(html).toContain('Ballbesitz');
		expect(html).not.toContain('xg');
	});

	it('it is the page h1 (the scoreboard) and its sections are h2 (axe heading-order on live match pages)', () => {
		const html = renderToStaticMarkup(
			createElement(LiveMatchCentre, { initial: match, labels: matchCentreLabels(t), board }),
		);
		expect(html.match(/<h1[\s>]/g)).toHaveLength(1);
		expect(html.indexOf('<h1')).toBeLessThan(html.indexOf('<h2'));
		expect(html).not.toMatch(/<h[3-6][\s>]/);
	});

	// Issue 12: a live page showed two scoreboards that disagreed (a static header without
	// the score and a separate replay box with it). The island is now THE scoreboard.
	it('is the one scoreboard of a live page: crests, names, live score, minute and a Replay badge', () => {
		const html = renderToStaticMarkup(
			createElement(
				LiveMatchCentre,
				{ initial: match, labels: matchCentreLabels(t), board },
				createElement('p', { className: 'meta' }, '14. Juli 2024'),
			),
		);
		expect(html.match(/data-testid="scoreboard"/g)).toHaveLength(1);
		expect(html).not.toContain('live-centre-score');
		expect(html).toContain('src="/crest/1.svg"');
		expect(html).toContain('src="/crest/2.svg"');
		expect(html).toContain('href="/de/team/northton"');
		expect(html).toMatch(/data-testid="live-score"[^>]*>2–1</);
		expect(html).toMatch(/data-testid="live-minute"[^>]*>67/);
		expect(html).toMatch(/data-testid="replay-badge"[^>]*>Wiederholung</);
		expect(html).toContain('class="scoreboard is-live"');
	});

	it('passes the kick-off line (an Astro slot) into the scoreboard', () => {
		const html = renderToStaticMarkup(
			createElement(LiveMatchCentre, {
				initial: match,
				labels: matchCentreLabels(t),
				board,
				meta: createElement('p', { className: 'kick' }, '14. Juli 2024'),
			}),
		);
		const scoreboard = html.slice(
			html.indexOf('data-testid="scoreboard"'),
			html.indexOf('</section>'),
		);
		expect(scoreboard).toContain('<p class="kick">14. Juli 2024</p>');
	});

	it('draws the statistics as comparison bars, and says so in one line when there are none', () => {
		const html = renderToStaticMarkup(
			createElement(LiveMatchCentre, { initial: match, labels: matchCentreLabels(t), board }),
		);
		expect(html).toMatch(/<table[^>]* class="stat-bars"/);
		expect(html).toMatch(/<svg[^>]* class="stat-bar"[^>]*><rect[^>]*width="57"/);
		expect(html).toMatch(/<rect[^>]* class="lead"/);
		expect(html).not.toContain('style=');
		const none = renderToStaticMarkup(
			createElement(LiveMatchCentre, {
				initial: { ...match, stats: undefined },
				labels: matchCentreLabels(t),
				board,
			}),
		);
		expect(none).not.toContain('stat-bars');
		expect(none).toContain(matchCentreLabels(t).noStats);
	});

	it('hides the score, the goals and the statistics in spoiler-safe mode', () => {
		$spoiler.set({ mode: 'hide', delaySec: 0 });
		const html = renderToStaticMarkup(
			createElement(LiveMatchCentre, { initial: match, labels: matchCentreLabels(t), board }),
		);
		expect(html).not.toContain('2–1');
		expect(html).not.toContain('A. Quill');
		expect(html).not.toContain('Ballbesitz');
		expect(html).toContain('Ergebnis zeigen');
		// The reveal button belongs to the one scoreboard.
		const scoreboard = html.slice(
			html.indexOf('data-testid="scoreboard"'),
			html.indexOf('</section>'),
		);
		expect(scoreboard).toContain('data-testid="reveal"');
		expect(scoreboard).toMatch(/<span[^>]*data-testid="live-score"[^>]*>–</);
		expect(scoreboard).toMatch(/<span[^>]*data-testid="live-score"[^>]* aria-hidden="true"/);
	});
});

describe('Scoreboard (static: finished and future matches, no JavaScript)', () => {
	it('prints the stored score, its notes and the status, with no live parts', () => {
		const html = renderToStaticMarkup(
			createElement(Scoreboard, {
				board: {
					...board,
					code: 'finished_pen',
					score: { home: 3, away: 3 },
					notes: ['n. V.', '4–2 i. E.'],
					status: 'Beendet (i. E.)',
				},
			}),
		);
		expect(html).toMatch(
			/data-testid="score"[^>]*><span class="sb-nums">3–3<\/span><small>n. V.<\/small><small>4–2 i. E.<\/small>/,
		);
		expect(html).toContain('Beendet (i. E.)');
		expect(html).not.toContain('live-score');
		expect(html).not.toContain('replay-badge');
		expect(html).not.toContain('<button');
		expect(html).toContain('data-status="finished_pen"');
	});

	it('shows "v" before kick-off', () => {
		const html = renderToStaticMarkup(
			createElement(Scoreboard, { board: { ...board, code: 'scheduled' } }),
		);
		expect(html).toContain('<span class="sb-score sb-versus">gg.</span>');
	});
});

describe('LiveLeagueTable', () => {
	const rows = [
		{
			position: 2,
			team: { id: 1, name: 'Northton', slug: 'northton' },
			played: 2,
			won: 1,
			drawn: 0,
			lost: 1,
			goalsFor: 3,
			goalsAgainst: 3,
			goalDifference: 0,
			points: 3,
			form: 'LW',
			positionChange: null,
		},
		{
			position: 1,
			team: { id: 2, name: 'Southby', slug: 'southby' },
			played: 2,
			won: 1,
			drawn: 1,
			lost: 0,
			goalsFor: 2,
			goalsAgainst: 1,
			goalDifference: 1,
			points: 4,
			form: 'WD',
			positionChange: null,
		},
	];
	const fixtures = [{ matchId: '42', homeTeamId: 1, awayTeamId: 2 }];

	it('paints the live table from the server snapshot before the store is seeded, with translated headings', () => {
		// Northton leads 2–1 in the live match: 6 points to Southby's 4, so it goes top at once
		// (it used to jump there only after hydration).
		const html = renderToStaticMarkup(
			createElement(LiveLeagueTable, {
				rows: [...rows].reverse(),
				fixtures,
				initial: [match],
				labels: leagueTableLabels(t),
			}),
		);
		expect(html).toContain('Live-Tabelle');
		expect(html.indexOf('Northton')).toBeLessThan(html.indexOf('Southby'));
		expect(html).toContain('Pkt.');
	});

	it('is a focusable scrolling region named by its caption, so a keyboard can scroll it (axe scrollable-region-focusable)', () => {
		const html = renderToStaticMarkup(
			createElement(LiveLeagueTable, {
				rows,
				fixtures,
				initial: [match],
				labels: leagueTableLabels(t),
				caption: 'Gruppe A',
			}),
		);
		expect(html).toMatch(/<section[^>]*class="live-table"[^>]*>/);
		const section = html.match(/<section[^>]*class="live-table"[^>]*>/)?.[0] ?? '';
		expect(section).toContain('tabindex="0"');
		expect(section).toContain('aria-label="Gruppe A"');
	});

	it('keeps the table of finished matches in spoiler-safe mode (it would give the score away)', () => {
		$spoiler.set({ mode: 'hide', delaySec: 0 });
		const html = renderToStaticMarkup(
			createElement(LiveLeagueTable, {
				rows: [...rows].reverse(),
				fixtures,
				initial: [match],
				labels: leagueTableLabels(t),
			}),
		);
		expect(html.indexOf('Southby')).toBeLessThan(html.indexOf('Northton'));
	});
});
