/**
 * Name facts the data files do not carry. Club spelling variants and the rivalry list were
 * collected by engineer TOP (checked against the files: the two spellings of one club never
 * appear in the same season file).
 */

/** A club name seen in a file → the canonical name (the team's key is `club:<canonical>`). */
export const CLUB_ALIASES: Record<string, string> = {
	'AS Monaco': 'AS Monaco FC',
	Feyenoord: 'Feyenoord Rotterdam',
	PSV: 'PSV Eindhoven',
	'Paris Saint-Germain': 'Paris Saint-Germain FC',
	'SL Benfica': 'Sport Lisboa e Benfica',
	'Sporting CP': 'Sporting Clube de Portugal',
	'Sporting Braga': 'Sporting Clube de Braga',
	'Olympique Marseille': 'Olympique de Marseille',
	'RC Lens': 'Racing Club de Lens',
	'RC Strasbourg': 'RC Strasbourg Alsace',
	'Stade Rennais': 'Stade Rennais FC 1901',
	Vitesse: 'SBV Vitesse',
	NEC: 'NEC Nijmegen',
	AZ: 'AZ Alkmaar',
	"FC Twente '65": 'FC Twente',
	'sc Heerenveen': 'SC Heerenveen',
	'Gil Vicente': 'Gil Vicente FC',
	Boavista: 'Boavista FC',
	'GD Estoril': 'GD Estoril Praia',
	// Common English forms other feeds use.
	'Bayern Munich': 'FC Bayern München',
	'Inter Milan': 'FC Internazionale Milano',
	PSG: 'Paris Saint-Germain FC',
	'Atletico Madrid': 'Club Atlético de Madrid',
	'Manchester United': 'Manchester United FC',
	'Manchester City': 'Manchester City FC',
};

/**
 * FIFA codes of national teams the files name without one (World Cup 2022 writes plain
 * names; Euro files and the 2026 teams file carry codes, which the importer learns first).
 */
export const NATION_CODES: Record<string, string> = {
	Cameroon: 'CMR',
	'Costa Rica': 'CRC',
	Türkiye: 'TUR',
	Czechia: 'CZE',
};

/** Derbies and classic rivalries (team keys): they lift a match in the hot-match ranking. */
export const RIVALRIES: [string, string][] = [
	['club:Arsenal FC', 'club:Tottenham Hotspur FC'],
	['club:Chelsea FC', 'club:Tottenham Hotspur FC'],
	['club:Liverpool FC', 'club:Everton FC'],
	['club:Manchester United FC', 'club:Manchester City FC'],
	['club:Manchester United FC', 'club:Liverpool FC'],
	['club:Newcastle United FC', 'club:Sunderland AFC'],
	['club:Real Madrid CF', 'club:FC Barcelona'],
	['club:Real Madrid CF', 'club:Club Atlético de Madrid'],
	['club:FC Barcelona', 'club:RCD Espanyol de Barcelona'],
	['club:Sevilla FC', 'club:Real Betis Balompié'],
	['club:AC Milan', 'club:FC Internazionale Milano'],
	['club:AS Roma', 'club:SS Lazio'],
	['club:Juventus FC', 'club:FC Internazionale Milano'],
	['club:Juventus FC', 'club:Torino FC'],
	['club:Genoa CFC', 'club:UC Sampdoria'],
	['club:Borussia Dortmund', 'club:FC Schalke 04'],
	['club:FC Bayern München', 'club:Borussia Dortmund'],
	['club:Paris Saint-Germain FC', 'club:Olympique de Marseille'],
	['club:Olympique Lyonnais', 'club:AS Saint-Étienne'],
	['club:AFC Ajax', 'club:Feyenoord Rotterdam'],
	['club:AFC Ajax', 'club:PSV Eindhoven'],
	['club:Sport Lisboa e Benfica', 'club:Sporting Clube de Portugal'],
	['club:Sport Lisboa e Benfica', 'club:FC Porto'],
	['club:FC Porto', 'club:Sporting Clube de Portugal'],
	['club:Galatasaray', 'club:Fenerbahçe'],
	['club:Galatasaray', 'club:Beşiktaş'],
	['club:Fenerbahçe', 'club:Beşiktaş'],
	['nation:ARG', 'nation:BRA'],
	['nation:ARG', 'nation:ENG'],
	['nation:ENG', 'nation:GER'],
	['nation:GER', 'nation:NED'],
	['nation:ENG', 'nation:SCO'],
	['nation:ESP', 'nation:POR'],
	['nation:USA', 'nation:MEX'],
	['nation:FRA', 'nation:ITA'],
];

/** The canonical club name of a raw name (country suffix already removed). */
export function canonicalClubName(name: string): string {
	return CLUB_ALIASES[name] ?? name;
}
