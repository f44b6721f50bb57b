import { isKickoffStyle, kickoffOptions } from '~/lib/kickoff-format';

const ONE_YEAR = 365 * 24 * 60 * 60;

/**
 * Stores the browser's zone in the `tz` cookie so the next server render uses it, and,
 * when this render used another zone (UTC on a first visit), rewrites the kick-off times
 * in place: `<time datetime="…" data-kickoff="time|date|datetime" [data-year]>`, with the
 * same options as the server used. Labels marked
 * `data-utc-label` say "times in your time zone" once times are local.
 */
export function rememberTimeZone(): void {
	const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
	if (!zone) return;
	const meta = document.querySelector<HTMLMetaElement>('meta[name="server-time-zone"]');
	if (meta?.content === zone) return;
	document.cookie = `tz=${encodeURIComponent(zone)}; path=/; max-age=${ONE_YEAR}; samesite=lax`;
	// The zone the times were printed in (UTC before the server knew ours): when it is this
	// browser's zone already, the words are right and only the labels change.
	localiseTimes(zone, meta?.dataset.rendered === zone);
}

/**
 * Rewrites the kick-off times of this render into `zone` and relabels the "times in UTC"
 * labels. The widgets call it alone: they set no cookie.
 */
export function localiseTimes(zone: string, timesInZone = false): void {
	// <html lang> already carries the regional tag (en-GB, de-DE), as the server formats.
	const tag = document.documentElement.lang || 'en-GB';
	// One formatter per style: making one is the costly part (a hundred times on a day page
	// were a long task on a phone), formatting with it is cheap.
	const formats = new Map<string, Intl.DateTimeFormat>();
	for (const el of timesInZone
		? []
		: document.querySelectorAll<HTMLTimeElement>('time[data-kickoff]')) {
		const instant = new Date(el.dateTime);
		if (Number.isNaN(instant.getTime())) continue;
		const style = isKickoffStyle(el.dataset.kickoff) ? el.dataset.kickoff : 'time';
		const withYear = el.dataset.year !== undefined;
		const key = `${style}:${withYear}`;
		let format = formats.get(key);
		if (!format) {
			format = new Intl.DateTimeFormat(tag, { ...kickoffOptions(style, withYear), timeZone: zone });
			formats.set(key, format);
		}
		el.textContent = format.format(instant);
	}
	for (const el of document.querySelectorAll<HTMLElement>('[data-utc-label]')) {
		// The same box with the new words (the zone as its tooltip): nothing below it moves.
		if (el.dataset.local) {
			el.textContent = el.dataset.local;
			el.title = zone;
		} else el.hidden = true;
	}
}
