import { atom } from 'nanostores';
import { parseSpoiler, SPOILER_COOKIE, type SpoilerSettings } from '../lib/spoiler';

export { parseSpoiler, SPOILER_COOKIE, type SpoilerSettings };

/**
 * Spoiler-safe mode, remembered per visitor (localStorage, plus a cookie so that a server
 * render can honour it): `hide` keeps scores hidden until revealed, `delay` holds every
 * update back by `delaySec` seconds to match a delayed stream.
 */
const KEY = 'matchday.spoiler';

function load(): SpoilerSettings {
	if (typeof localStorage === 'undefined') return { mode: 'off', delaySec: 0 };
	return parseSpoiler(localStorage.getItem(KEY));
}

export const $spoiler = atom<SpoilerSettings>(load());

export function setSpoiler(next: SpoilerSettings): void {
	$spoiler.set(next);
	const value = `${next.mode}:${next.delaySec}`;
	try {
		localStorage.setItem(KEY, value);
	} catch {
		// Private mode: the cookie still remembers it.
	}
	if (typeof document !== 'undefined') {
		document.cookie = `${SPOILER_COOKIE}=${value}; Path=/; Max-Age=31536000; SameSite=Lax`;
	}
}

/**
 * Matches whose score the visitor revealed in hide mode. Shared by every island of the tab,
 * and deliberately not stored: after a reload scores are hidden again.
 */
export const $revealed = atom<ReadonlySet<string>>(new Set());

export function revealScore(matchId: string): void {
	$revealed.set(new Set([...$revealed.get(), matchId]));
}

/** Whether a match's score must be hidden now. */
export function scoreHidden(
	settings: SpoilerSettings,
	revealed: ReadonlySet<string>,
	matchId: string,
): boolean {
	return settings.mode === 'hide' && !revealed.has(matchId);
}
