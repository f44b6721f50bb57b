import { detectDevice } from '~/lib/device';
import { SlidingWindowLimiter } from '../auth/rate-limit';
import { getDb } from '../db/client';
import { recordView } from './queries/popular';

/** A transparent 1×1 GIF: the body of the view beacon. */
export const VIEW_PIXEL = Uint8Array.from(
	atob('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7'),
	(c) => c.charCodeAt(0),
);

/** One client's views of one match count once per this window. */
export const VIEW_WINDOW_MS = 30 * 60_000;

/** (client, match) pairs counted in the window; bounded like every limiter (oldest dropped). */
const recent = new SlidingWindowLimiter(1, VIEW_WINDOW_MS);

export interface BeaconRequest {
	userAgent: string | null;
	/** The request's Cookie header. */
	cookie: string | null;
	/** The client address, trusted-proxy aware (src/server/auth/client-ip.ts). */
	client: string;
}

/**
 * Whether a beacon request may be a person's view (finding 15: 300 scripted requests put a
 * match at #1). A browser that loaded the match page holds its cookies (the page sets the
 * language cookie), so a request without any cookie is a script; crawlers say who they are,
 * and a request without a User-Agent is no browser either.
 */
export function looksLikeAView(req: BeaconRequest): boolean {
	if (!req.userAgent || detectDevice(req.userAgent).isCrawler) return false;
	return /(^|;)\s*[^=;\s]+=[^;]/.test(req.cookie ?? '');
}

/**
 * Counts a match-centre view for "most popular": at most one per client and match in
 * VIEW_WINDOW_MS, only for requests that look like a browser's. Not awaited by the page: a
 * failed count must never break the page, so errors are logged. Returns whether it was
 * passed on to the database (tests).
 */
export function countMatchView(id: number, req: BeaconRequest): boolean {
	if (!looksLikeAView(req)) return false;
	if (!recent.hit(`${req.client}|${id}`).ok) return false;
	void getDb()
		.then((db) => recordView(db, id, req.userAgent))
		.catch((error: unknown) => console.warn('[football] page view not counted', error));
	return true;
}

/** Forgets which views were counted (tests). */
export function resetViewWindowForTests(): void {
	recent.clear();
}
