import { localDate, zoneOffsetMinutes } from '../football/time';

/**
 * A kick-off as the editor types it (a local date and time in a zone) and back. The instant
 * is stored in UTC; the zone is only how it is entered and shown in the console.
 */

export type KickoffResult = { ok: true; at: Date } | { ok: false; reason: 'gap' };

/**
 * The UTC instant of a local kick-off. A wall time the zone skips (the spring-forward gap:
 * 02:30 in Europe/Berlin on the last Sunday of March) is refused rather than moved, so the
 * editor chooses; an ambiguous one (autumn) is the first, summer-time occurrence.
 */
export function kickoffInstant(date: string, time: string, timeZone: string): KickoffResult {
	const wall = Date.parse(`${date}T${time}:00Z`);
	// The zone's offsets around that day: one, or two across a transition. Each candidate
	// instant counts only if it reads back as the wall time typed; none means a gap.
	const offsets = new Set(
		[-2, 0, 2].map((days) => zoneOffsetMinutes(wall + days * 86_400_000, timeZone)),
	);
	const fits = [...offsets]
		.map((offset) => wall - offset * 60_000)
		.filter((ms) => ms + zoneOffsetMinutes(ms, timeZone) * 60_000 === wall)
		.sort((a, b) => a - b);
	const first = fits[0];
	return first === undefined ? { ok: false, reason: 'gap' } : { ok: true, at: new Date(first) };
}

/** The zone a fixture is entered in: the one chosen, else the venue's, else UTC. */
export function kickoffZone(chosen: string | undefined, venueZone: string | null): string {
	return chosen ?? venueZone ?? 'UTC';
}

/** An instant as the form's local date and time in `timeZone`. */
export function localKickoff(at: Date, timeZone: string): { date: string; time: string } {
	const shifted = new Date(at.getTime() + zoneOffsetMinutes(at.getTime(), timeZone) * 60_000);
	return { date: localDate(at, timeZone), time: shifted.toISOString().slice(11, 16) };
}
