import { atom } from 'nanostores';

/**
 * Spoiler-safe mode, remembered per visitor (localStorage, plus a cookie so the server can
 * render the first page the same way): `hide` keeps scores hidden until revealed, `delay`
 * holds every update back by `delaySec` seconds to match a delayed stream.
 */
export interface SpoilerSettings {
	mode: 'off' | 'hide' | 'delay';
	delaySec: number;
}

const KEY = 'matchday.spoiler';
export const SPOILER_COOKIE = 'spoiler';

export function parseSpoiler(raw: string | null | undefined): SpoilerSettings {
	const [mode, delay] = (raw ?? '').split(':');
	const delaySec = Math.min(600, Math.max(0, Number.parseInt(delay ?? '0', 10) || 0));
	if (mode === 'hide' || mode === 'delay') return { mode, delaySec };
	return { mode: 'off', delaySec: 0 };
}

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
export function scoreHidden(settings: SpoilerSettings, revealed: ReadonlySet<string>, matchId: string): boolean {
	return settings.mode === 'hide' && !revealed.has(matchId);
}
