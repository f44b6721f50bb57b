import type { MatchState } from './matches';
import type { LiveEvent } from './types';

/** SSE wire format. Each event is formatted once and the same string goes to every client. */
export function formatEvent(event: LiveEvent): string {
	const data = { ...event.payload, matchId: event.matchId, at: event.createdAt };
	return `id: ${event.id}\nevent: ${event.kind}\ndata: ${JSON.stringify(data)}\n\n`;
}

/** A snapshot carries the full state of the watched matches; its id is the log position. */
export function formatSnapshot(
	cursor: number,
	matches: Array<MatchState & { timeline: unknown[] }>,
	matchIds: readonly string[] | null,
): string {
	// `now`: the server's clock, once per connection, so browsers read match clocks in it.
	const data = {
		matchId: matchIds?.length === 1 ? matchIds[0] : null,
		matchIds,
		matches,
		now: new Date().toISOString(),
	};
	return `id: ${cursor}\nevent: snapshot\ndata: ${JSON.stringify(data)}\n\n`;
}

export const PING = ': ping\n\n';

/** Reconnection delay hint, sent first and again when the server shuts down. */
export function retryHint(ms: number): string {
	return `retry: ${ms}\n\n`;
}

/**
 * Parses a Last-Event-ID: a non-negative safe integer with at most 15 digits. Anything
 * else (`abc`, `-1`, 20 digits, 10 KB, SQL-ish text) is null, and the client gets a
 * snapshot.
 */
export function parseLastEventId(raw: string | null | undefined): number | null {
	if (raw === null || raw === undefined) return null;
	const text = raw.trim();
	if (!/^\d{1,15}$/.test(text)) return null;
	const n = Number(text);
	return Number.isSafeInteger(n) ? n : null;
}

/**
 * `?matches=1,2,3` → ids (deduplicated, at most 50, each a short token); absent or empty →
 * null ("all live matches"). Invalid ids are dropped, never an error.
 */
export function parseMatchIds(raw: string | null | undefined): string[] | null {
	if (raw === null || raw === undefined || raw.trim() === '') return null;
	const ids = raw
		.slice(0, 4096)
		.split(',')
		.map((s) => s.trim())
		.filter((s) => /^\d{1,9}$/.test(s));
	return [...new Set(ids)].slice(0, 50);
}
