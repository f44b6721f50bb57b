/**
 * Scorer names, made consistent within a team. The tournament files sometimes write the
 * same player two ways ("Mbappé" in one match, "Kylian Mbappé" in another), which would
 * split his goals in the top-scorer table. A short name is merged into the one longer name
 * of the same team that ends with it at a word boundary; when two longer names would fit
 * ("Silva" → "Bernardo Silva" or "Thiago Silva"), nothing is merged, because guessing
 * wrong is worse than a split.
 */
export interface GoalRow {
	team_id: number;
	player_name: string | null;
	own_goal: boolean;
}

/** Rewrites `player_name` in place; returns how many rows changed. */
export function unifyScorerNames<T extends GoalRow>(rows: T[]): number {
	const namesByTeam = new Map<number, Set<string>>();
	for (const row of rows) {
		if (row.own_goal || !row.player_name) continue;
		let names = namesByTeam.get(row.team_id);
		if (!names) namesByTeam.set(row.team_id, (names = new Set()));
		names.add(row.player_name);
	}
	const rename = new Map<string, string>();
	for (const [team, names] of namesByTeam) {
		for (const short of names) {
			const longer = [...names].filter((n) => n !== short && n.endsWith(` ${short}`));
			if (longer.length === 1) rename.set(`${team}|${short}`, longer[0]!);
		}
	}
	let changed = 0;
	for (const row of rows) {
		if (row.own_goal || !row.player_name) continue;
		const to = rename.get(`${row.team_id}|${row.player_name}`);
		if (to) {
			row.player_name = to;
			changed++;
		}
	}
	return changed;
}
