import { z } from 'zod';
import { TIMELINE_LABEL_KEYS } from '~/lib/live/labels';

/**
 * Kinds of live event. `snapshot` is never stored: the hub builds it on demand. The others
 * are rows of `live_events`, delivered to browsers with the row id as the SSE `id:`.
 */
export const LIVE_KINDS = ['score', 'event', 'status', 'correction', 'stats', 'lineups'] as const;
export type LiveKind = (typeof LIVE_KINDS)[number];

export { MATCH_STATUSES, type MatchStatus } from '~/lib/live/match-state';

export const scoreSchema = z.object({
	home: z.number().int().min(0),
	away: z.number().int().min(0),
});
export type { Score } from '~/lib/live/match-state';

/** One committed row of the log, as carried by the bus and written to clients. */
export const liveEventSchema = z.object({
	id: z.number().int().positive(),
	matchId: z.string().min(1).max(64),
	kind: z.string().min(1).max(32),
	payload: z.record(z.string(), z.unknown()),
	createdAt: z.string(),
});
export type LiveEvent = z.infer<typeof liveEventSchema>;

/** Ids clients may ask for: the football schema's ids are short tokens (digits or slugs). */
export const MATCH_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

/** Timeline entry kinds carried by `event` rows (one list with the labels the islands name). */
export const TIMELINE_TYPES = TIMELINE_LABEL_KEYS;
export type TimelineType = (typeof TIMELINE_TYPES)[number];

export const timelineEntrySchema = z.object({
	type: z.enum(TIMELINE_TYPES),
	minute: z.number().int().min(0).max(200).nullable(),
	addedTime: z.number().int().min(0).max(60).nullable().default(null),
	side: z.enum(['home', 'away']).nullable().default(null),
	player: z.string().max(120).nullable().default(null),
	detail: z.string().max(120).nullable().default(null),
	/**
	 * Under video review (the scoring console's hold): shown as such, counted nowhere (no
	 * score, no alert, no game settles on it) until a correction confirms or cancels it.
	 */
	review: z.literal(true).optional(),
});
export type TimelineEntry = z.infer<typeof timelineEntrySchema>;

/** A timeline entry whose fields not given are empty (providers fill in what they know). */
export function timelineEntry(
	e: Partial<TimelineEntry> & Pick<TimelineEntry, 'type'>,
): TimelineEntry {
	return { minute: null, addedTime: null, side: null, player: null, detail: null, ...e };
}
