/**
 * The match centre's line-ups as a formation drawing: both starting elevens placed on one
 * pitch (home from the top, away from the bottom) plus each bench. The data has no
 * formation field, so the formation is read from the starters' positions; without usable
 * positions an eleven is laid out 4-4-2 in shirt order (keeper first), which is what a
 * team sheet most often means.
 */
import type { Translate } from '~/i18n/server';
import type { LineupEntry } from '~/server/football/queries/match-detail';

/** A starter on the pitch; x and y are percentages of the pitch (y from the top). */
export interface PitchPlayer {
	shirt: string;
	name: string;
	/** The surname (what fits under a shirt on a phone); the full name is the tooltip. */
	short: string;
	x: number;
	y: number;
}

export interface BenchPlayer {
	shirt: string;
	name: string;
	position: string | null;
}

export interface FormationSide {
	side: 'home' | 'away';
	name: string;
	crest: string;
	/** "4-3-3"; null when the eleven could not be placed (then `starters` is a list). */
	formation: string | null;
	/** Placed starters (empty when `formation` is null). */
	pitch: PitchPlayer[];
	/** Every starter, in shirt order: the list read by screen readers and the fallback. */
	starters: BenchPlayer[];
	bench: BenchPlayer[];
	/** "Argentina starting line-up, 4-3-3". */
	label: string;
}

type Line = 0 | 1 | 2 | 3 | 4;

/**
 * The line a position plays in: 0 keeper, 1 defence, 2 defensive midfield, 3 midfield,
 * 4 attack; null for a position we cannot read. Covers the short codes of squads and
 * feeds (GK, DF, CB, DM, AM, FW, ST…) and plain words (Goalkeeper, Defender…).
 */
export function lineOf(position: string | null): Line | null {
	if (!position) return null;
	const p = position.trim().toUpperCase();
	if (/^(G|GK|GOALKEEPER|POR|TW)$/.test(p) || p.startsWith('GOAL')) return 0;
	if (p.startsWith('DEFENSIVE MID')) return 2;
	if (p.startsWith('ATTACKING MID')) return 3;
	if (/^(D|DF|DEF|CB|LB|RB|LCB|RCB|SW|DEFENDER)$/.test(p) || p.startsWith('DEF')) return 1;
	if (/^(LWB|RWB|WB)$/.test(p)) return 1;
	if (/^(DM|CDM|LDM|RDM)$/.test(p)) return 2;
	if (/^(M|MF|MID|CM|LM|RM|LCM|RCM|MIDFIELDER)$/.test(p) || p.startsWith('MID')) return 3;
	if (/^(AM|CAM|LAM|RAM)$/.test(p)) return 3;
	if (/^(F|FW|FWD|ST|CF|LW|RW|LF|RF|SS|ATT|FORWARD|STRIKER|WINGER)$/.test(p)) return 4;
	if (p.startsWith('FORW') || p.startsWith('ATT')) return 4;
	// Words as football-data.org writes them: "Centre-Back", "Defensive Midfield",
	// "Left Winger", "Centre-Forward", "Offence".
	if (/BACK|DEFEN[CS]E$/.test(p)) return 1;
	if (/MIDFIELD/.test(p)) return 3;
	if (/WING|FORWARD|STRIKER|OFFEN[CS]E/.test(p)) return 4;
	return null;
}

const surname = (name: string) => {
	const parts = name.trim().split(/\s+/);
	return parts.length > 1 ? parts.slice(1).join(' ') : name;
};

const clip = (text: string, max: number) =>
	text.length > max ? `${text.slice(0, max - 1)}…` : text;

const byShirt = (a: LineupEntry, b: LineupEntry) =>
	(a.shirtNumber ?? 999) - (b.shirtNumber ?? 999) || a.player.localeCompare(b.player);

/**
 * The starters in lines, keeper first: from their positions when every one is readable
 * and there is exactly one keeper, else 4-4-2 in shirt order for an eleven; null when
 * neither works (then the page lists the starters instead of drawing them).
 */
export function formationLines(starters: readonly LineupEntry[]): LineupEntry[][] | null {
	if (starters.length !== 11) return null;
	const sorted = [...starters].sort(byShirt);
	const lines = sorted.map((s) => lineOf(s.position));
	if (lines.every((l) => l !== null) && lines.filter((l) => l === 0).length === 1) {
		const rows: LineupEntry[][] = [];
		for (const line of [0, 1, 2, 3, 4] as const) {
			const row = sorted.filter((_, i) => lines[i] === line);
			if (row.length > 0) rows.push(row);
		}
		return rows;
	}
	const keeperAt = lines.indexOf(0);
	const keeper = sorted[Math.max(keeperAt, 0)] as LineupEntry;
	const rest = sorted.filter((s) => s !== keeper);
	return [[keeper], rest.slice(0, 4), rest.slice(4, 8), rest.slice(8)];
}

/** Places rows on the half of the pitch: home plays downwards from the top, away upwards. */
function place(rows: LineupEntry[][], side: 'home' | 'away'): PitchPlayer[] {
	const out: PitchPlayer[] = [];
	const depth = rows.length - 1;
	rows.forEach((row, r) => {
		// The keeper near the goal line (room for the name under it), the front line well
		// short of halfway so the two teams' front lines do not crowd the centre circle.
		const fromGoal = 6.5 + (depth === 0 ? 0 : (r / depth) * 33.5);
		// What fits under a shirt: four or five in a line leave less room per name.
		const fits = row.length >= 5 ? 8 : row.length === 4 ? 10 : 14;
		row.forEach((p, i) => {
			const across = ((i + 1) / (row.length + 1)) * 100;
			out.push({
				shirt: p.shirtNumber === null ? '' : String(p.shirtNumber),
				name: p.player,
				short: clip(surname(p.player), fits),
				// Home's left is the viewer's left; away faces the other way, so it is mirrored.
				x: Math.round((side === 'home' ? across : 100 - across) * 10) / 10,
				y: Math.round((side === 'home' ? fromGoal : 100 - fromGoal) * 10) / 10,
			});
		});
	});
	return out;
}

const listed = (l: LineupEntry): BenchPlayer => ({
	shirt: l.shirtNumber === null ? '' : String(l.shirtNumber),
	name: l.player,
	position: l.position,
});

/** Both teams' line-ups for the match centre; null when the data has none for this match. */
export function formationView(
	lineups: readonly LineupEntry[],
	teams: readonly [
		{ id: number; name: string; crest: string },
		{ id: number; name: string; crest: string },
	],
	t: Translate,
): FormationSide[] | null {
	if (lineups.length === 0) return null;
	return teams.map((team, i) => {
		const side = i === 0 ? ('home' as const) : ('away' as const);
		const mine = lineups.filter((l) => l.teamId === team.id);
		const starters = mine.filter((l) => l.starter).sort(byShirt);
		const rows = formationLines(starters);
		const formation = rows
			? rows
					.slice(1)
					.map((r) => r.length)
					.join('-')
			: null;
		return {
			side,
			name: team.name,
			crest: team.crest,
			formation,
			pitch: rows ? place(rows, side) : [],
			starters: starters.map(listed),
			bench: mine.filter((l) => !l.starter).map(listed),
			label: `${team.name} · ${t('football:match.starters')}${formation ? ` (${formation})` : ''}`,
		};
	});
}
