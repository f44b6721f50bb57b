import { localHref } from '../../../lib/locale-resolution';
import type { Locale } from '../../../i18n/locales';
import { competitionBySlug } from './competitions';
import { deprecatedTarget } from './deprecated';

/** `/deprecated/{slug}`: the localised address it moved to (301), or null for 410. */
export async function resolveDeprecated(slug: string | undefined, locale: Locale): Promise<string | null> {
	const target = deprecatedTarget(slug);
	if (target.kind === 'moved') return localHref(locale, target.path);
	if (target.kind === 'competition') {
		const competition = await competitionBySlug(target.slug);
		if (competition) return localHref(locale, `/league/${competition.id}`);
	}
	return null;
}
