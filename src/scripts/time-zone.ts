const ONE_YEAR = 365 * 24 * 60 * 60;

const STYLES: Record<string, Intl.DateTimeFormatOptions> = {
	time: { hour: '2-digit', minute: '2-digit' },
	date: { weekday: 'short', day: 'numeric', month: 'short' },
	datetime: {
		weekday: 'short',
		day: 'numeric',
		month: 'short',
		hour: '2-digit',
		minute: '2-digit',
	},
};

/**
 * Stores the browser's zone in the `tz` cookie so the next server render uses it, and,
 * when this render used another zone (UTC on a first visit), rewrites the kick-off times
 * in place: `<time datetime="…" data-kickoff="time|date|datetime">`. Labels marked
 * `data-utc-label` disappear once times are local.
 */
export function rememberTimeZone(): void {
	const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
	if (!zone) return;
	const rendered = document.querySelector<HTMLMetaElement>(
		'meta[name="server-time-zone"]',
	)?.content;
	if (rendered === zone) return;
	document.cookie = `tz=${encodeURIComponent(zone)}; path=/; max-age=${ONE_YEAR}; samesite=lax`;
	const lang = document.documentElement.lang || 'en';
	for (const el of document.querySelectorAll<HTMLTimeElement>('time[data-kickoff]')) {
		const instant = new Date(el.dateTime);
		if (Number.isNaN(instant.getTime())) continue;
		const style = STYLES[el.dataset.kickoff ?? 'time'] ?? STYLES.time;
		el.textContent = new Intl.DateTimeFormat(lang, { ...style, timeZone: zone }).format(instant);
	}
	for (const el of document.querySelectorAll<HTMLElement>('[data-utc-label]')) el.hidden = true;
}
