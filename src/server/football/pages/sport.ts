import { getSport } from '../queries/sports';
import { getDayPage, type DayPageData } from './home';

/** `/sport/{slug}`: football's day of matches; undefined (404) for a sport we do not cover. */
export async function getSportPage(slug: string | undefined, timeZone: string): Promise<DayPageData | undefined> {
	if (!slug || !getSport(slug)) return undefined;
	return getDayPage(undefined, timeZone);
}
