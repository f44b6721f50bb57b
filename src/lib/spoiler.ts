/**
 * Spoiler-safe mode, as stored (localStorage and a cookie, `mode:delaySec`): shared by the
 * browser store (src/stores/spoiler.ts) and by server renders that honour the cookie.
 */
export interface SpoilerSettings {
	mode: 'off' | 'hide' | 'delay';
	delaySec: number;
}

export const SPOILER_COOKIE = 'spoiler';

/** Reads a stored value; anything unknown or malformed is "off". */
export function parseSpoiler(raw: string | null | undefined): SpoilerSettings {
	const [mode, delay] = (raw ?? '').split(':');
	const delaySec = Math.min(600, Math.max(0, Number.parseInt(delay ?? '0', 10) || 0));
	if (mode === 'hide' || mode === 'delay') return { mode, delaySec };
	return { mode: 'off', delaySec: 0 };
}
