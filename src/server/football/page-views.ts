import { getDb } from '../db/client';
import { recordView } from './queries/popular';

/** A transparent 1×1 GIF: the body of the view beacon. */
export const VIEW_PIXEL = Uint8Array.from(
	atob('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7'),
	(c) => c.charCodeAt(0),
);

/**
 * Counts a match-centre view for "most popular" (crawlers excluded by `recordView`). Not
 * awaited by the page: a failed count must never break the page, so errors are logged.
 */
export function countMatchView(id: number, userAgent: string | null): void {
	void getDb()
		.then((db) => recordView(db, id, userAgent))
		.catch((error: unknown) => console.warn('[football] page view not counted', error));
}
