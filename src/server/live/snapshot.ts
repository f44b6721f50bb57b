import { latestId, readMatchLog, type Queryable } from './log';
import type { SnapshotMatch } from '~/lib/live/match-state';
import { readMatchStates } from './matches';

export type { SnapshotMatch };

/**
 * Full current state of the watched matches (or of every live match), with the log
 * position it corresponds to. The position is read first: anything committed after it is
 * delivered again as an event, and events carry absolute state, so applying one twice is
 * harmless.
 */
export async function buildSnapshot(
	db: Queryable,
	matchIds: readonly string[] | null,
): Promise<{ cursor: number; matches: SnapshotMatch[] }> {
	const cursor = await latestId(db);
	const states = await readMatchStates(db, matchIds);
	const ids = states.map((s) => s.matchId);
	const log = ids.length ? await readMatchLog(db, ids) : [];
	const byMatch = new Map<string, SnapshotMatch['timeline']>();
	for (const event of log) {
		if (event.id > cursor) break;
		// Any kind may carry an entry (a status change its kick-off, a correction the
		// corrected entry), exactly as the browser's store applies them.
		if (event.payload.entry) {
			const list = byMatch.get(event.matchId) ?? [];
			list.push({ ...(event.payload.entry as Record<string, unknown>), id: event.id });
			byMatch.set(event.matchId, list);
		}
		if (event.kind === 'correction' && typeof event.payload.cancels === 'number') {
			const list = byMatch.get(event.matchId) ?? [];
			byMatch.set(
				event.matchId,
				list.filter((e) => e.id !== event.payload.cancels),
			);
		}
		if (event.kind === 'status' && event.payload.reset === true) byMatch.delete(event.matchId);
	}
	return {
		cursor,
		matches: states.map((s) => ({ ...s, timeline: byMatch.get(s.matchId) ?? [] })),
	};
}
