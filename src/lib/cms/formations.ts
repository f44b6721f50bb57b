/**
 * The formations editors may choose and the position slots each one places on the pitch:
 * shared by the line-up editor island (preview) and the server (stored positions). No zod
 * here, so the island does not carry it.
 */
export const FORMATIONS = [
	'4-4-2',
	'4-3-3',
	'4-2-3-1',
	'3-5-2',
	'3-4-3',
	'5-3-2',
	'4-1-4-1',
	'4-5-1',
] as const;
export type Formation = (typeof FORMATIONS)[number];

/**
 * The slots of each formation, keeper first, then each line from defence to attack and,
 * within a line, from the team's left to its right. The codes are what is stored as each
 * starter's `position`: the match centre reads its lines back from them (`lineOf` in
 * src/server/views/match-lineups.ts: DM is its own line, AM and the midfield codes share
 * one), so a published 4-2-3-1 is drawn as 4-2-3-1 on the public page too.
 */
const LINES: Record<Formation, string[][]> = {
	'4-4-2': [
		['LB', 'CB', 'CB', 'RB'],
		['LM', 'CM', 'CM', 'RM'],
		['ST', 'ST'],
	],
	'4-3-3': [
		['LB', 'CB', 'CB', 'RB'],
		['CM', 'CM', 'CM'],
		['LW', 'ST', 'RW'],
	],
	'4-2-3-1': [['LB', 'CB', 'CB', 'RB'], ['DM', 'DM'], ['LAM', 'AM', 'RAM'], ['ST']],
	'3-5-2': [
		['CB', 'CB', 'CB'],
		['LM', 'CM', 'CM', 'CM', 'RM'],
		['ST', 'ST'],
	],
	'3-4-3': [
		['CB', 'CB', 'CB'],
		['LM', 'CM', 'CM', 'RM'],
		['LW', 'ST', 'RW'],
	],
	'5-3-2': [
		['LWB', 'CB', 'CB', 'CB', 'RWB'],
		['CM', 'CM', 'CM'],
		['ST', 'ST'],
	],
	'4-1-4-1': [['LB', 'CB', 'CB', 'RB'], ['DM'], ['LM', 'CM', 'CM', 'RM'], ['ST']],
	'4-5-1': [['LB', 'CB', 'CB', 'RB'], ['LM', 'CM', 'CM', 'CM', 'RM'], ['ST']],
};

export interface Slot {
	/** Unique within the formation (CB1, CB2…): a stable key for the slot's row. */
	id: string;
	/** Stored as the starter's position (GK, CB, DM…). */
	code: string;
	/** Percent of the pitch's width from the left (the team attacks upwards). */
	x: number;
	/** Percent of the pitch's height from the top: the keeper at the bottom. */
	y: number;
}

/** The eleven slots of a formation, in the order the editor fills them (keeper first). */
export function formationSlots(formation: Formation): Slot[] {
	const lines = LINES[formation];
	const slots: Slot[] = [{ id: 'GK1', code: 'GK', x: 50, y: 88 }];
	const seen = new Map<string, number>([['GK', 1]]);
	lines.forEach((line, r) => {
		// Defence near the keeper, the front line short of the top edge (room for names).
		const y = 72 - (r / Math.max(lines.length - 1, 1)) * 58;
		line.forEach((code, i) => {
			const n = (seen.get(code) ?? 0) + 1;
			seen.set(code, n);
			slots.push({
				id: `${code}${n}`,
				code,
				x: Math.round(((i + 1) / (line.length + 1)) * 1000) / 10,
				y,
			});
		});
	});
	return slots;
}
