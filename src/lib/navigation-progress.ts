/**
 * The thin progress bar of client navigations (spec: 200 ms throttle, 5000 ms duration,
 * 500 ms hide delay, 0–100 %). Pure, so its curve is tested without a browser.
 */
export const PROGRESS_THROTTLE_MS = 200;
export const PROGRESS_DURATION_MS = 5000;
export const PROGRESS_HIDE_DELAY_MS = 500;
/** Where the bar waits while the page has still not come: it never claims to be done. */
export const PROGRESS_CEILING = 95;

/**
 * Percent shown `elapsed` ms after the navigation began: nothing during the throttle (a
 * fast navigation shows no bar at all), then easing out towards the ceiling over the
 * duration, so it moves quickly at first and slows down, without ever reaching 100 before
 * the page is there.
 */
export function progressAt(elapsed: number): number {
	if (elapsed < PROGRESS_THROTTLE_MS) return 0;
	const t = Math.min(1, (elapsed - PROGRESS_THROTTLE_MS) / PROGRESS_DURATION_MS);
	const eased = 1 - (1 - t) ** 3;
	return Math.round(10 + eased * (PROGRESS_CEILING - 10));
}
