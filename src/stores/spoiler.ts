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
 * Seconds the live picture in this tab is behind real time, measured by the player while
 * it plays a live stream (null when none plays). In delay mode it replaces the chosen
 * seconds, so the score changes when the goal is seen, whatever the viewer's network.
 */
export const $streamLatency = atom<number | null>(null);

/** The player's measure; whole seconds, bounded like the setting, set only on a change. */
export function reportStreamLatency(seconds: number | null): void {
	const next =
		seconds === null || !Number.isFinite(seconds)
			? null
			: Math.min(600, Math.max(0, Math.round(seconds)));
	if (next !== $streamLatency.get()) $streamLatency.set(next);
}

/** The hold-back in force now: none unless delay mode; then the stream's latency when known. */
export function spoilerDelaySec(): number {
	const { mode, delaySec } = $spoiler.get();
	if (mode !== 'delay') return 0;
	return $streamLatency.get() ?? delaySec;
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
