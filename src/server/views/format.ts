import { LOCALE_TAGS, type Locale } from '~/i18n/locales';
import { dateTimeFormat } from '~/lib/intl';
import { type KickoffStyle, kickoffOptions } from '~/lib/kickoff-format';
import type { ViewContext } from './context';

export type { KickoffStyle } from '~/lib/kickoff-format';

/** A kick-off (ISO instant) formatted in the visitor's zone and language. */
export function formatKickoff(
	iso: string,
	locale: Locale,
	timeZone: string,
	style: KickoffStyle,
	withYear = false,
): string {
	const key = `${locale}|${timeZone}|${style}|${withYear}`;
	let formatter = kickoffFormatters.get(key);
	if (!formatter) {
		formatter = dateTimeFormat(LOCALE_TAGS[locale], {
			...kickoffOptions(style, withYear),
			timeZone,
		});
		if (kickoffFormatters.size >= MAX_KICKOFF_FORMATTERS) kickoffFormatters.clear();
		kickoffFormatters.set(key, formatter);
	}
	return formatter.format(new Date(iso));
}

/**
 * Kick-off formatters by a short key: a page formats a kick-off or two per match row, and
 * building the options object and its JSON key for the general cache (lib/intl.ts) on each
 * call showed in the uncached home render's profile.
 */
const kickoffFormatters = new Map<string, Intl.DateTimeFormat>();
const MAX_KICKOFF_FORMATTERS = 2000;

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

/**
 * "Scores as of 14:05" for the live islands' labels (`asOf`): what a visitor without scripts
 * reads instead of a connection line that would never change.
 */
export function renderedAtText(ctx: ViewContext, at = new Date()): string {
	return ctx.t('live:asOf', {
		time: formatKickoff(at.toISOString(), ctx.locale, ctx.timeZone, 'time'),
	});
}
