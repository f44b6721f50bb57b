import { describe, expect, it } from 'vitest';
import { useTranslations } from '~/i18n/server';
import type { LineupEntry } from '~/server/football/queries/match-detail';
import type { MatchSummary } from '~/server/football/queries/shape';
import type { ViewContext } from '~/server/views/context';
import { formationLines, formationView, lineOf } from '~/server/views/match-lineups';
import { notKnownText, scoreboardView } from '~/server/views/match-page';
import { kickoffView } from '~/server/views/match-row';

// Issue 12: the match centre. One scoreboard model for a live and a finished match, the
// line-ups as a formation drawing, and one line on what the data does not have.
const t = useTranslations('en');
const ctx: ViewContext = { locale: 'en', t, origin: 'https://example.test', timeZone: 'UTC' };

function final(partial: Partial<MatchSummary> = {}): MatchSummary {
	const team = (id: number, name: string) => ({
		id,
		name,
		shortName: name,
		slug: name.toLowerCase(),
		tla: name.slice(0, 3).toUpperCase(),
		isNational: true,
		colours: { primary: '#75aadb', secondary: '#ffffff' },
	});
	return {
		id: 64,
		kickoffAt: new Date('2022-12-18T15:00:00Z'),
		kickoffTimeKnown: true,
		status: 'finished_pen',
		minute: null,
		competition: {
			id: 1,
			code: 'world.cup',
			slug: 'world-cup',
			name: 'FIFA World Cup',
			type: 'tournament',
			areaName: 'World',
		},
		season: { id: 1, label: '2022' },
		round: 'Final',
		stage: 'knockout',
		groupName: null,
		matchday: null,
		home: team(10, 'Argentina'),
		away: team(20, 'France'),
		score: { ht: [2, 0], ft: [2, 2], et: [3, 3], pen: [4, 2] },
		winner: 'home',
		version: 1,
		updatedAt: new Date(),
		isReplay: false,
		...partial,
	};
}

describe('the match centre scoreboard (one model, live or not)', () => {
	it('a finished match: crests, names, links, the stored score with its notes and the status', () => {
		const board = scoreboardView(final(), false, ctx);
		expect(board).toMatchObject({
			matchId: '64',
			code: 'finished_pen',
			home: { name: 'Argentina', href: '/en/team/argentina', crest: '/crest/10.svg' },
			away: { name: 'France', href: '/en/team/france', crest: '/crest/20.svg' },
			score: { home: 3, away: 3 },
			replay: false,
		});
		expect(board.notes).toEqual([expect.stringContaining('4–2')]);
		expect(board.status).toBe(t('football:matchStatus.finished_pen'));
	});

	it('a live match: the same model, with no static status (the island shows the minute)', () => {
		const live = final({
			status: 'live',
			minute: 63,
			score: { ht: [1, 0], ft: [1, 0], et: null, pen: null },
			isReplay: true,
		});
		const board = scoreboardView(live, true, ctx);
		expect(board.status).toBeNull();
		expect(board.code).toBe('live');
		expect(board.home.name).toBe('Argentina');
		expect(board.score).toEqual({ home: 1, away: 0 });
	});

	it('a match not started: no score, "v"', () => {
		const board = scoreboardView(
			final({ status: 'scheduled', score: { ht: null, ft: null, et: null, pen: null } }),
			false,
			ctx,
		);
		expect(board.score).toBeNull();
		expect(board.notes).toEqual([]);
		expect(board.versus).toBe(t('football:ui.versus'));
	});

	it('the kick-off of the 2022 final carries its year (not the current season)', () => {
		const k = kickoffView(final().kickoffAt, true, 'datetime', ctx, {
			now: new Date('2026-11-24T12:00:00Z'),
		});
		expect(k?.withYear).toBe(true);
		expect(k?.text).toContain('2022');
	});
});

describe('what the match centre says it does not know', () => {
	it('names line-ups and statistics in one short line, never more', () => {
		expect(notKnownText(false, false, t)).toBe(t('football:match.notKnown'));
		expect(notKnownText(true, false, t)).toBe(t('football:match.noStats'));
		// Live: the island speaks for the statistics.
		expect(notKnownText(false, true, t)).toBe(t('football:match.noLineups'));
		expect(notKnownText(true, true, t)).toBeNull();
	});

	it('has the line in every locale', async () => {
		const { LOCALES } = await import('~/i18n/locales');
		for (const locale of LOCALES) {
			const tt = useTranslations(locale);
			for (const key of ['notKnown', 'noStats', 'noLineups', 'sections', 'overview'])
				expect(tt(`football:match.${key}`)).not.toMatch(/^football:|^match\./);
		}
	});
});

const entry = (
	teamId: number,
	shirt: number,
	player: string,
	position: string | null,
	starter = true,
): LineupEntry => ({ teamId, shirtNumber: shirt, player, position, starter });

// Argentina's eleven of the 2022 final by position, as a feed would give it (4-3-3 read
// from DF/MF/FW), and France's with no positions at all.
const argentina: LineupEntry[] = [
	entry(10, 23, 'Emiliano Martínez', 'GK'),
	entry(10, 26, 'Nahuel Molina', 'DF'),
	entry(10, 13, 'Cristian Romero', 'DF'),
	entry(10, 19, 'Nicolás Otamendi', 'DF'),
	entry(10, 3, 'Nicolás Tagliafico', 'DF'),
	entry(10, 7, 'Rodrigo De Paul', 'MF'),
	entry(10, 24, 'Enzo Fernández', 'MF'),
	entry(10, 20, 'Alexis Mac Allister', 'MF'),
	entry(10, 11, 'Ángel Di María', 'FW'),
	entry(10, 10, 'Lionel Messi', 'FW'),
	entry(10, 9, 'Julián Álvarez', 'FW'),
	entry(10, 22, 'Lautaro Martínez', 'FW', false),
	entry(10, 8, 'Marcos Acuña', 'DF', false),
];
const france: LineupEntry[] = Array.from({ length: 11 }, (_, i) =>
	entry(20, i + 1, `Player ${i + 1}`, null),
).concat([entry(20, 12, 'Randal Kolo Muani', null, false)]);

describe('line-ups as a formation drawing', () => {
	it('reads the line of the usual position codes and words', () => {
		expect(['GK', 'Goalkeeper', 'CB', 'LWB', 'DM', 'CAM', 'ST', 'Forward'].map(lineOf)).toEqual([
			0, 0, 1, 1, 2, 3, 4, 4,
		]);
		expect(lineOf(null)).toBeNull();
		expect(lineOf('Kit man')).toBeNull();
		// football-data.org's words in line-ups and squads.
		expect(
			[
				'Centre-Back',
				'Right-Back',
				'Defence',
				'Defensive Midfield',
				'Central Midfield',
				'Attacking Midfield',
				'Left Winger',
				'Centre-Forward',
				'Offence',
			].map(lineOf),
		).toEqual([1, 1, 1, 2, 3, 3, 4, 4, 4]);
	});

	it('takes the formation from the positions (keeper first), else 4-4-2 in shirt order', () => {
		const byPos = formationLines(argentina.filter((e) => e.starter));
		expect(byPos?.map((r) => r.length)).toEqual([1, 4, 3, 3]);
		expect(byPos?.[0]?.[0]?.player).toBe('Emiliano Martínez');
		const byOrder = formationLines(france.filter((e) => e.starter));
		expect(byOrder?.map((r) => r.length)).toEqual([1, 4, 4, 2]);
		expect(byOrder?.[0]?.[0]?.shirtNumber).toBe(1);
		// Not an eleven (a partial team sheet): not drawn.
		expect(formationLines(argentina.slice(0, 7))).toBeNull();
	});

	it('places home from the top and away from the bottom, with the benches', () => {
		const teams = [
			{ id: 10, name: 'Argentina', crest: '/crest/10.svg' },
			{ id: 20, name: 'France', crest: '/crest/20.svg' },
		] as const;
		const sides = formationView([...argentina, ...france], teams, t);
		expect(sides?.map((s) => s.formation)).toEqual(['4-3-3', '4-4-2']);
		const [home, away] = sides ?? [];
		expect(home?.pitch).toHaveLength(11);
		expect(away?.pitch).toHaveLength(11);
		// Everyone on the pitch, each team in its own half, keepers at their goals.
		for (const p of home?.pitch ?? []) expect(p.y).toBeLessThan(50);
		for (const p of away?.pitch ?? []) expect(p.y).toBeGreaterThan(50);
		expect(home?.pitch.find((p) => p.name === 'Emiliano Martínez')).toMatchObject({
			x: 50,
			y: 6.5,
			short: 'Martínez',
		});
		expect(away?.pitch.find((p) => p.shirt === '1')).toMatchObject({ x: 50, y: 93.5 });
		// Names are clipped to fit under the shirt (the full name is the tooltip).
		expect(home?.pitch.find((p) => p.shirt === '3')?.short).toBe('Tagliafico');
		const long = formationView(
			argentina.map((e) =>
				e.shirtNumber === 3 ? { ...e, player: 'Nicolás Tagliafico-Longname' } : e,
			),
			teams,
			t,
		);
		expect(long?.[0]?.pitch.find((p) => p.shirt === '3')?.short).toBe('Tagliafic…');
		expect(home?.bench.map((b) => b.name)).toEqual(['Lautaro Martínez', 'Marcos Acuña']);
		expect(away?.bench.map((b) => b.shirt)).toEqual(['12']);
		expect(home?.label).toContain('4-3-3');
	});

	it('is null when the data has no line-ups for the match (the page says so in one line)', () => {
		expect(
			formationView(
				[],
				[
					{ id: 1, name: 'A', crest: '' },
					{ id: 2, name: 'B', crest: '' },
				],
				t,
			),
		).toBeNull();
	});
});
