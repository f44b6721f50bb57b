/**
 * What the line-up editor island and the server share: the view it starts from and its
 * labels (translated on the server, `cmstools:lineup.*`). Types and a key list only.
 */
import type { Formation } from './formations';

export interface SquadPlayer {
	name: string;
	shirtNumber: number | null;
	position: string | null;
}

export interface EditorPlayer {
	name: string;
	shirtNumber?: number | null | undefined;
	position?: string | null | undefined;
}

export interface EditorLineup {
	formation: Formation;
	starters: EditorPlayer[];
	bench: EditorPlayer[];
}

export interface EditorSide {
	teamId: number;
	name: string;
	/** The team's squad for the match's season (else its newest squad); may be empty. */
	squad: SquadPlayer[];
	/** What is published now, as the editor starts from it (null: nothing yet). */
	current: EditorLineup | null;
}

export interface LineupEditorView {
	matchId: number;
	home: EditorSide;
	away: EditorSide;
}

export const LINEUP_LABEL_KEYS = [
	'include',
	'formation',
	'starters',
	'bench',
	'player',
	'shirt',
	'squadHint',
	'noSquad',
	'fill',
	'addBench',
	'benchName',
	'remove',
	'preview',
	'publish',
	'publishing',
	'published',
	'failed',
	'missing',
	'nothing',
] as const;
export type LineupLabels = Record<(typeof LINEUP_LABEL_KEYS)[number], string>;
