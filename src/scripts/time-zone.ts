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
	const rendered = document.querySelector<HTMLMetaElement>(
		'meta[name="server-time-zone"]',
	)?.content;
	if (rendered === zone) return;
	document.cookie = `tz=${encodeURIComponent(zone)}; path=/; max-age=${ONE_YEAR}; samesite=lax`;
	localiseTimes(zone);
}

/**
 * Rewrites the kick-off times of this render into `zone` and relabels the "times in UTC"
 * labels. The widgets call it alone: they set no cookie.
 */
export function localiseTimes(zone: string): void {
	// <html lang> already carries the regional tag (en-GB, de-DE), as the server formats.
	const tag = document.documentElement.lang || 'en-GB';
	for (const el of document.querySelectorAll<HTMLTimeElement>('time[data-kickoff]')) {
		const instant = new Date(el.dateTime);
		if (Number.isNaN(instant.getTime())) continue;
		const style = isKickoffStyle(el.dataset.kickoff) ? el.dataset.kickoff : 'time';
		const options = kickoffOptions(style, el.dataset.year !== undefined);
		el.textContent = new Intl.DateTimeFormat(tag, { ...options, timeZone: zone }).format(instant);
	}
	for (const el of document.querySelectorAll<HTMLElement>('[data-utc-label]')) {
		// The same box with the new words (the zone as its tooltip): nothing below it moves.
		if (el.dataset.local) {
			el.textContent = el.dataset.local;
			el.title = zone;
		} else el.hidden = true;
	}
}
