/**
 * The body `POST /api/cms/matches/{id}/lineup` accepts: a formation from the list, exactly
 * eleven starters, a bench, nobody named twice (formations.ts has the slots).
 */
import { z } from '../zod';
import { FORMATIONS } from './formations';

export { FORMATIONS, type Formation, formationSlots, type Slot } from './formations';

export const MAX_BENCH = 15;

const name = z
	.string()
	.trim()
	.min(1, 'a player needs a name')
	.max(120)
	// NUL never reaches here over HTTP (readJson refuses it), but the island checks too.
	.refine((s) => !s.includes('\u0000'), 'must not contain a NUL byte');

export const lineupPlayer = z.strictObject({
	name,
	shirtNumber: z.number().int().min(0).max(99).nullable().optional(),
	/** The squad's position for a bench player; starters take their slot's code. */
	position: z.string().trim().max(20).nullable().optional(),
});
export type LineupPlayer = z.infer<typeof lineupPlayer>;

const key = (n: string) => n.trim().toLocaleLowerCase();

export const sideLineup = z
	.strictObject({
		formation: z.enum(FORMATIONS, { message: `must be one of ${FORMATIONS.join(', ')}` }),
		starters: z.array(lineupPlayer).length(11, 'needs exactly 11 players'),
		bench: z.array(lineupPlayer).max(MAX_BENCH).default([]),
	})
	.superRefine((side, ctx) => {
		// The stored line-up is keyed by name, so a name twice would silently lose a player.
		const seen = new Set<string>();
		for (const [list, players] of [
			['starters', side.starters],
			['bench', side.bench],
		] as const) {
			players.forEach((p, i) => {
				const k = key(p.name);
				if (seen.has(k))
					ctx.addIssue({
						code: 'custom',
						path: [list, i, 'name'],
						message: `${p.name.trim()} is named twice`,
					});
				seen.add(k);
			});
		}
	});
export type SideLineup = z.infer<typeof sideLineup>;

export const lineupBody = z
	.strictObject({
		home: sideLineup.optional(),
		away: sideLineup.optional(),
	})
	.refine((b) => b.home !== undefined || b.away !== undefined, {
		path: ['home'],
		message: 'give the line-up of at least one side',
	});
export type LineupBody = z.infer<typeof lineupBody>;

/** A validation failure as the API answers it: the dotted field path and why. */
export interface FieldProblem {
	field: string;
	message: string;
}

export function fieldProblems(issues: { path: PropertyKey[]; message: string }[]): FieldProblem[] {
	return issues.map((i) => ({
		field: i.path.map(String).join('.') || '(body)',
		message: i.message,
	}));
}
