/**
 * Shared Intl.DateTimeFormat instances. Building a formatter costs far more than using one
 * (it was the largest single cost of rendering a page), so each (locale, options) pair is
 * built once per process. The set of pairs is small: ten locales, a few styles, the time
 * zones visitors actually use; the map is bounded all the same.
 */
const MAX_FORMATTERS = 2000;
const formatters = new Map<string, Intl.DateTimeFormat>();

export function dateTimeFormat(
	locale: string,
	options: Intl.DateTimeFormatOptions,
): Intl.DateTimeFormat {
	const key = `${locale}|${JSON.stringify(options)}`;
	let formatter = formatters.get(key);
	if (!formatter) {
		formatter = new Intl.DateTimeFormat(locale, options);
		if (formatters.size >= MAX_FORMATTERS) formatters.clear();
		formatters.set(key, formatter);
	}
	return formatter;
}
