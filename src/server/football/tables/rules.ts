/**
 * How each competition orders teams level on points (docs/football.md, "Tie-breaks").
 *
 * - `overall`: goal difference, goals scored, then head-to-head among the teams still level
 *   (Premier League, Bundesliga, Ligue 1, Eredivisie, World Cup 2022).
 * - `h2h`: head-to-head points, goal difference and goals scored among the level teams
 *   first, then overall goal difference and goals scored (La Liga, Serie A, Primeira Liga,
 *   Süper Lig, the Euros, World Cup 2026).
 * - `uefa-league-phase`: goal difference, goals scored, away goals scored, wins, away wins
 *   (Champions League league phase from 2024-25: no head-to-head).
 *
 * Beyond these, real rules go on to fair play and drawing of lots, which the data cannot
 * reproduce; we finish with the team name so the order is stable.
 */
export type TieBreakRule = 'overall' | 'h2h' | 'uefa-league-phase';

const BY_CODE: Record<string, TieBreakRule> = {
	'en.1': 'overall',
	'de.1': 'overall',
	'fr.1': 'overall',
	'nl.1': 'overall',
	'es.1': 'h2h',
	'it.1': 'h2h',
	'pt.1': 'h2h',
	'tr.1': 'h2h',
	'uefa.cl': 'uefa-league-phase',
	'uefa.euro': 'h2h',
};

/** The rule for one season of a competition (the World Cup moved to head-to-head first in 2026). */
export function tieBreakRule(competitionCode: string, seasonLabel: string): TieBreakRule {
	if (competitionCode.startsWith('world')) return seasonLabel >= '2026' ? 'h2h' : 'overall';
	return BY_CODE[competitionCode] ?? 'overall';
}

/** Points for a win. Every competition in the data uses three. */
export const POINTS_FOR_WIN = 3;
