/**
 * Local wall-clock time → UTC instant, with daylight saving taken from the platform's time
 * zone database through Intl (no hand-written DST table).
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
	let f = formatters.get(timeZone);
	if (!f) {
		f = new Intl.DateTimeFormat('en-US', {
			timeZone,
			hourCycle: 'h23',
			year: 'numeric',
			month: '2-digit',
			day: '2-digit',
			hour: '2-digit',
			minute: '2-digit',
			second: '2-digit',
		});
		formatters.set(timeZone, f);
	}
	return f;
}

/** Offset of `timeZone` from UTC at the instant `ms`, in minutes (Europe/London in July: 60). */
export function zoneOffsetMinutes(ms: number, timeZone: string): number {
	const fixed = parseFixedOffset(timeZone);
	if (fixed !== undefined) return fixed;
	const parts: Record<string, number> = {};
	for (const p of formatter(timeZone).formatToParts(new Date(ms))) {
		if (p.type !== 'literal') parts[p.type] = Number(p.value);
	}
	const asUtc = Date.UTC(
		parts.year!,
		parts.month! - 1,
		parts.day!,
		parts.hour!,
		parts.minute!,
		parts.second!,
	);
	return Math.round((asUtc - Math.floor(ms / 1000) * 1000) / 60_000);
}

/** "UTC-4", "UTC+3", "UTC+05:30", "UTC" → minutes; an IANA name → undefined. */
export function parseFixedOffset(zone: string): number | undefined {
	const m = /^(?:UTC|GMT)(?:([+-])(\d{1,2})(?::?(\d{2}))?)?$/.exec(zone.trim());
	if (!m) return undefined;
	if (!m[1]) return 0;
	const minutes = Number(m[2]) * 60 + Number(m[3] ?? 0);
	return m[1] === '-' ? -minutes : minutes;
}

/**
 * The UTC instant of a local date and time in a zone (IANA name or "UTC±H").
 * A wall time that does not exist (the spring-forward gap) resolves to the instant one
 * offset later; an ambiguous one (autumn) to the first (summer-time) occurrence.
 */
export function localToUtc(date: string, time: string, timeZone: string): Date {
	const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
	const t = /^(\d{1,2}):(\d{2})$/.exec(time);
	if (!d || !t) throw new Error(`Bad local date/time: ${date} ${time}`);
	const wall = Date.UTC(Number(d[1]), Number(d[2]) - 1, Number(d[3]), Number(t[1]), Number(t[2]));
	// The zone's offsets half a day before and after: around a transition they differ, and
	// each gives a candidate instant. A candidate that maps back to the wall time is a real
	// occurrence; of two (the autumn hour), the earlier. None (the spring gap): the wall time
	// read with the offset before the change, i.e. one offset later.
	const back = (ms: number) => ms + zoneOffsetMinutes(ms, timeZone) * 60_000;
	const before = wall - zoneOffsetMinutes(wall - 43_200_000, timeZone) * 60_000;
	const after = wall - zoneOffsetMinutes(wall + 43_200_000, timeZone) * 60_000;
	const real = [before, after].filter((ms) => back(ms) === wall);
	return new Date(real.length > 0 ? Math.min(...real) : before);
}

/** The UTC day range [start, end) of a calendar day as seen in `timeZone`. */
export function dayRangeUtc(date: string, timeZone: string): { start: Date; end: Date } {
	const start = localToUtc(date, '00:00', timeZone);
	const next = new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
	return { start, end: localToUtc(next, '00:00', timeZone) };
}

/** Today's date (YYYY-MM-DD) in `timeZone`. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
	return localDate(now, timeZone);
}

/** The calendar date (YYYY-MM-DD) of an instant in `timeZone`. */
export function localDate(instant: Date, timeZone: string): string {
	const ms = instant.getTime() + zoneOffsetMinutes(instant.getTime(), timeZone) * 60_000;
	return new Date(ms).toISOString().slice(0, 10);
}

/** True when `zone` is a time zone this runtime knows. */
export function isValidTimeZone(zone: string): boolean {
	if (parseFixedOffset(zone) !== undefined) return true;
	try {
		new Intl.DateTimeFormat('en-US', { timeZone: zone });
		return true;
	} catch {
		return false;
	}
}
