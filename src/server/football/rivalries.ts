import { aliasKey } from './names';

/**
 * Derbies and classic rivalries, by team name as the data writes it. They lift a match in
 * the hot-match ranking (docs/football.md).
 */
export const RIVALRIES: readonly [string, string][] = [
	['Arsenal FC', 'Tottenham Hotspur FC'],
	['Chelsea FC', 'Tottenham Hotspur FC'],
	['Liverpool FC', 'Everton FC'],
	['Manchester United FC', 'Manchester City FC'],
	['Manchester United FC', 'Liverpool FC'],
	['Newcastle United FC', 'Sunderland AFC'],
	['Real Madrid CF', 'FC Barcelona'],
	['Real Madrid CF', 'Club Atlético de Madrid'],
	['FC Barcelona', 'RCD Espanyol de Barcelona'],
	['Sevilla FC', 'Real Betis Balompié'],
	['AC Milan', 'FC Internazionale Milano'],
	['AS Roma', 'SS Lazio'],
	['Juventus FC', 'FC Internazionale Milano'],
	['Juventus FC', 'Torino FC'],
	['Genoa CFC', 'UC Sampdoria'],
	['Borussia Dortmund', 'FC Schalke 04'],
	['FC Bayern München', 'Borussia Dortmund'],
	['Paris Saint-Germain FC', 'Olympique de Marseille'],
	['Paris Saint-Germain', 'Olympique Marseille'],
	['Olympique Lyonnais', 'AS Saint-Étienne'],
	['AFC Ajax', 'Feyenoord Rotterdam'],
	['AFC Ajax', 'Feyenoord'],
	['AFC Ajax', 'PSV'],
	['AFC Ajax', 'PSV Eindhoven'],
	['Sport Lisboa e Benfica', 'Sporting Clube de Portugal'],
	['SL Benfica', 'Sporting CP'],
	['Sport Lisboa e Benfica', 'FC Porto'],
	['SL Benfica', 'FC Porto'],
	['FC Porto', 'Sporting Clube de Portugal'],
	['FC Porto', 'Sporting CP'],
	['Galatasaray', 'Fenerbahçe'],
	['Galatasaray', 'Beşiktaş'],
	['Fenerbahçe', 'Beşiktaş'],
	['Argentina', 'Brazil'],
	['Argentina', 'England'],
	['England', 'Germany'],
	['Germany', 'Netherlands'],
	['England', 'Scotland'],
	['Spain', 'Portugal'],
	['USA', 'Mexico'],
	['France', 'Italy'],
];

const PAIRS = new Set(RIVALRIES.flatMap(([a, b]) => [`${aliasKey(a)}|${aliasKey(b)}`, `${aliasKey(b)}|${aliasKey(a)}`]));

/** True when the two teams (any order) are rivals. */
export function isRivalry(a: string, b: string): boolean {
	return PAIRS.has(`${aliasKey(a)}|${aliasKey(b)}`);
}
