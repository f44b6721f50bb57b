import { describe, expect, it } from 'vitest';
import { buildCalendar, escapeText, foldLine, icsDateTime } from '~/server/football/ical';
import type { MatchSummary } from '~/server/football/queries/shape';

const team = (id: number, name: string) => ({
	id,
	name,
	shortName: name,
	slug: name.toLowerCase().replace(/\W+/g, '-'),
	tla: null,
	isNational: false,
	colours: { primary: '#ff0000', secondary: '#ffffff' },
});

function match(over: Partial<MatchSummary> = {}): MatchSummary {
	return {
		id: 42,
		kickoffAt: new Date('2025-08-15T19:00:00Z'),
		kickoffTimeKnown: true,
		status: 'scheduled',
		minute: null,
		competition: {
			id: 1,
			code: 'en.1',
			slug: 'premier-league',
			name: 'Premier League',
			type: 'league',
			areaName: 'England',
		},
		season: { id: 1, label: '2025-26' },
		round: 'Matchday 1',
		stage: 'regular',
		groupName: null,
		matchday: 1,
		home: team(1, 'Liverpool FC'),
		away: team(2, 'AFC Bournemouth'),
		score: { ht: null, ft: null, et: null, pen: null },
		winner: null,
		version: 3,
		updatedAt: new Date('2025-08-01T10:00:00Z'),
		isReplay: false,
		...over,
	};
}

describe('iCalendar feed', () => {
	it('uses CRLF, UTC start with Z, a stable UID and SEQUENCE = version', () => {
		const text = buildCalendar({
			name: 'Liverpool FC',
			matches: [match()],
			origin: 'https://matchday.example',
		});
		expect(text.endsWith('\r\n')).toBe(true);
		expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
		const lines = text.split('\r\n');
		expect(lines[0]).toBe('BEGIN:VCALENDAR');
		expect(lines).toContain('VERSION:2.0');
		expect(lines).toContain('DTSTART:20250815T190000Z');
		expect(lines).toContain('DTEND:20250815T210000Z');
		expect(lines).toContain('UID:match-42@matchday.example');
		expect(lines).toContain('SEQUENCE:3');
		expect(lines).toContain('DTSTAMP:20250801T100000Z');
		expect(lines).toContain('SUMMARY:Liverpool FC – AFC Bournemouth');
	});

	it('puts the final score in the summary once played', () => {
		const text = buildCalendar({
			name: 'x',
			matches: [
				match({ status: 'finished', score: { ht: [1, 0], ft: [4, 2], et: null, pen: null } }),
			],
			origin: 'https://matchday.example',
		});
		expect(text).toContain('SUMMARY:Liverpool FC 4–2 AFC Bournemouth\r\n');
	});

	it('shows after-extra-time and shoot-out results', () => {
		const text = buildCalendar({
			name: 'x',
			matches: [
				match({
					status: 'finished_pen',
					score: { ht: [0, 0], ft: [1, 1], et: [1, 1], pen: [4, 2] },
				}),
			],
			origin: 'https://m.example',
		});
		expect(text).toContain('SUMMARY:Liverpool FC 1–1 AFC Bournemouth (pens 4–2)');
	});

	it('an unknown kick-off time becomes an all-day event', () => {
		const text = buildCalendar({
			name: 'x',
			matches: [match({ kickoffTimeKnown: false, kickoffAt: new Date('2026-04-11T11:00:00Z') })],
			origin: 'https://m.example',
		});
		expect(text).toContain('DTSTART;VALUE=DATE:20260411\r\n');
		expect(text).toContain('DTEND;VALUE=DATE:20260412\r\n');
	});

	it('folds lines at 75 octets without splitting a UTF-8 character', () => {
		const long = `SUMMARY:${'Beşiktaş – Fenerbahçe – '.repeat(8)}`;
		const folded = foldLine(long);
		const parts = folded.split('\r\n');
		expect(parts.length).toBeGreaterThan(2);
		for (const p of parts) expect(Buffer.byteLength(p, 'utf8')).toBeLessThanOrEqual(75);
		for (const p of parts.slice(1)) expect(p.startsWith(' ')).toBe(true);
		expect(parts.map((p, i) => (i === 0 ? p : p.slice(1))).join('')).toBe(long);
		expect(folded).not.toContain('\uFFFD');
	});

	it('escapes TEXT values', () => {
		expect(escapeText('a,b;c\\d\ne')).toBe('a\\,b\\;c\\\\d\\ne');
		expect(icsDateTime(new Date('2024-01-02T03:04:05.678Z'))).toBe('20240102T030405Z');
	});
});
