import { LOCALE_TAGS, type Locale } from '~/i18n/locales';
import { dateTimeFormat } from '~/lib/intl';

export type KickoffStyle = 'time' | 'date' | 'datetime';

/** Same options as the client rewrite in src/scripts/time-zone.ts, so both agree. */
const STYLES: Record<KickoffStyle, Intl.DateTimeFormatOptions> = {
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

const cache = new Map<string, Intl.DateTimeFormat>();

/** A kick-off (ISO instant) formatted in the visitor's zone and language. */
export function formatKickoff(
	iso: string,
	locale: Locale,
	timeZone: string,
	style: KickoffStyle,
): string {
	const key = `${locale}|${timeZone}|${style}`;
	let f = cache.get(key);
	if (!f) {
		f = new Intl.DateTimeFormat(LOCALE_TAGS[locale], { ...STYLES[style], timeZone });
		cache.set(key, f);
	}
	return f.format(new Date(iso));
}

/** A calendar day (YYYY-MM-DD) as a long, localised heading ("Saturday 16 August 2025"). */
export function formatDay(
	date: string,
	locale: Locale,
	style: 'long' | 'medium' | 'short' = 'long',
): string {
	const options: Intl.DateTimeFormatOptions =
		style === 'long'
			? { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }
			: style === 'medium'
				? { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }
				: { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' };
	return dateTimeFormat(LOCALE_TAGS[locale], options).format(new Date(`${date}T12:00:00Z`));
}
