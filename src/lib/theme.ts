import { z } from './zod';

/**
 * The visitor's colour theme. "system" follows the browser's `prefers-color-scheme`;
 * "light" and "dark" override it. The choice lives in a cookie, so the server renders
 * `<html data-theme>` on the first paint (no flash, no script: static pages run none).
 * No cookie means "system".
 */
export const THEME_COOKIE = 'theme';
export const THEME_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;
export const THEME_CHOICES = ['system', 'light', 'dark'] as const;
export type ThemeChoice = (typeof THEME_CHOICES)[number];
/** A theme the page is forced into; undefined when it follows the system. */
export type ForcedTheme = Exclude<ThemeChoice, 'system'>;

export const themeChoice = z.enum(THEME_CHOICES);

/** The forced theme a cookie value names; anything else (absent, tampered) is "system". */
export function themeFromCookie(value: string | undefined | null): ForcedTheme | undefined {
	return value === 'light' || value === 'dark' ? value : undefined;
}

/**
 * The Set-Cookie value that remembers `choice`: a year, whole site, Lax, not for scripts
 * (nothing on the client reads it). "system" deletes the cookie.
 */
export function themeCookieHeader(choice: ThemeChoice, secure = false): string {
	const flags = `Path=/; SameSite=Lax; HttpOnly${secure ? '; Secure' : ''}`;
	return choice === 'system'
		? `${THEME_COOKIE}=; Max-Age=0; ${flags}`
		: `${THEME_COOKIE}=${choice}; Max-Age=${THEME_COOKIE_MAX_AGE}; ${flags}`;
}
