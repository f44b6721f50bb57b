import type { Locale } from '~/i18n/locales';
import { absoluteUrl, matchPath } from '~/lib/urls';
import type { MatchSummary } from './queries/shape';

/**
 * iCalendar (RFC 5545) feeds of fixtures: CRLF line ends, lines folded at 75 octets,
 * start times in UTC ("Z"), one stable UID per match and SEQUENCE = the match's version,
 * so a subscribed calendar moves an event when its kick-off moves. Once played, the
 * final score goes into the SUMMARY.
 */

const CRLF = '\r\n';

/** Escapes a TEXT value (RFC 5545 §3.3.11). */
export function escapeText(text: string): string {
	return text
		.replace(/\\/g, '\\\\')
		.replace(/;/g, '\\;')
		.replace(/,/g, '\\,')
		.replace(/\r?\n/g, '\\n');
}

/**
 * Folds a content line into chunks of at most 75 octets, continuation lines starting with
 * one space; never splits a UTF-8 character.
 */
export function foldLine(line: string): string {
	const out: string[] = [];
	let current = '';
	let octets = 0;
	let limit = 75;
	for (const ch of line) {
		const size = Buffer.byteLength(ch, 'utf8');
		if (octets + size > limit) {
			out.push(current);
			current = ' ';
			octets = 1;
			limit = 75;
		}
		current += ch;
		octets += size;
	}
	out.push(current);
	return out.join(CRLF);
}

/** 2025-08-15T19:00:00.000Z → 20250815T190000Z */
export function icsDateTime(d: Date): string {
	return d
		.toISOString()
		.replace(/[-:]/g, '')
		.replace(/\.\d{3}/, '');
}

const icsDate = (d: Date) => d.toISOString().slice(0, 10).replace(/-/g, '');

const FINISHED = new Set(['finished', 'finished_aet', 'finished_pen', 'awarded']);

/** Why an event is what it is, in the feed's language. */
export interface CalendarLabels {
	postponed: string;
	cancelled: string;
	/** Said on an all-day event whose kick-off time is not fixed yet. */
	timeToBeConfirmed: string;
	/** Said of a past match the replay feed is playing back right now ("Replay"). */
	replay: string;
}

const ENGLISH: CalendarLabels = {
	postponed: 'postponed, new date to be announced',
	cancelled: 'cancelled',
	timeToBeConfirmed: 'kick-off time to be confirmed',
	replay: 'Replay',
};

/**
 * "Home – Away", or "Home 2–1 Away" once played (with extra time / shoot-out noted). An
 * all-day event says why it has no time: postponed (its date is the old one), or the
 * kick-off time is not fixed yet. A match being replayed is said to be one, without its
 * result (issue 27).
 */
export function eventSummary(m: MatchSummary, labels: CalendarLabels = ENGLISH): string {
	// Before any result: a replay's row is the replay's, and its real result is its future.
	if (m.isReplay) return `${m.home.name} – ${m.away.name} (${labels.replay})`;
	const score = m.score.et ?? m.score.ft;
	if (FINISHED.has(m.status) && score) {
		let s = `${m.home.name} ${score[0]}–${score[1]} ${m.away.name}`;
		if (m.status === 'finished_aet') s += ' (a.e.t.)';
		if (m.status === 'finished_pen' && m.score.pen)
			s += ` (pens ${m.score.pen[0]}–${m.score.pen[1]})`;
		return s;
	}
	const base = `${m.home.name} – ${m.away.name}`;
	if (m.status === 'postponed') return `${base} (${labels.postponed})`;
	if (m.status === 'cancelled') return `${base} (${labels.cancelled})`;
	if (!m.kickoffTimeKnown && m.status === 'scheduled')
		return `${base} (${labels.timeToBeConfirmed})`;
	return base;
}

export interface CalendarInput {
	/** Calendar name shown by the subscriber's app. */
	name: string;
	matches: MatchSummary[];
	/** Public origin for UIDs and links, e.g. https://matchday.example */
	origin: string;
	/** Language of the event links (the match page in it) and texts; default English. */
	locale?: Locale;
	labels?: CalendarLabels;
}

/** The whole VCALENDAR text. Output depends only on the input (stable ETags). */
export function buildCalendar(input: CalendarInput): string {
	const host = new URL(input.origin).host;
	const lines = [
		'BEGIN:VCALENDAR',
		'VERSION:2.0',
		'PRODID:-//Matchday//Football fixtures//EN',
		'CALSCALE:GREGORIAN',
		'METHOD:PUBLISH',
		`X-WR-CALNAME:${escapeText(input.name)}`,
		'X-WR-TIMEZONE:UTC',
		'REFRESH-INTERVAL;VALUE=DURATION:PT6H',
		'X-PUBLISHED-TTL:PT6H',
	];
	for (const m of input.matches) {
		lines.push('BEGIN:VEVENT');
		lines.push(`UID:match-${m.id}@${host}`);
		lines.push(`DTSTAMP:${icsDateTime(m.updatedAt)}`);
		lines.push(`LAST-MODIFIED:${icsDateTime(m.updatedAt)}`);
		lines.push(`SEQUENCE:${m.version}`);
		if (m.kickoffTimeKnown) {
			lines.push(`DTSTART:${icsDateTime(m.kickoffAt)}`);
			lines.push(`DTEND:${icsDateTime(new Date(m.kickoffAt.getTime() + 2 * 3600_000))}`);
		} else {
			// Kick-off time not fixed yet: an all-day event on the date, rather than a made-up hour.
			lines.push(`DTSTART;VALUE=DATE:${icsDate(m.kickoffAt)}`);
			lines.push(`DTEND;VALUE=DATE:${icsDate(new Date(m.kickoffAt.getTime() + 86_400_000))}`);
		}
		lines.push(`SUMMARY:${escapeText(eventSummary(m, input.labels))}`);
		lines.push(`DESCRIPTION:${escapeText(`${m.competition.name} ${m.season.label}, ${m.round}`)}`);
		// The match page itself, in the feed's language (an unprefixed address would redirect).
		lines.push(`URL:${absoluteUrl(input.origin, input.locale ?? 'en', matchPath(m))}`);
		lines.push(
			`STATUS:${m.status === 'cancelled' ? 'CANCELLED' : m.status === 'postponed' ? 'TENTATIVE' : 'CONFIRMED'}`,
		);
		lines.push('TRANSP:TRANSPARENT');
		lines.push('END:VEVENT');
	}
	lines.push('END:VCALENDAR');
	return lines.map(foldLine).join(CRLF) + CRLF;
}
