/**
 * The props of the video player islands (islands/player/Player, MatchWatch): built by the
 * server (server/streams/*), read by the browser, so defined here where both may import.
 */

export interface PlayerLabels {
	label: string;
	play: string;
	pause: string;
	mute: string;
	unmute: string;
	volume: string;
	fullscreen: string;
	/** Picture in picture (shown where the browser offers it). */
	pip: string;
	/** Captions on or off (shown when the stream carries a text track). */
	captions: string;
	loading: string;
	playing: string;
	paused: string;
	error: string;
	/** One message per reason playback stopped, each offered with a retry. */
	errors: Record<PlaybackError, string>;
	/** Shown while the player recovers by itself from a lost connection or a bad segment. */
	reconnecting: string;
	retry: string;
	/** "Live", shown at the live edge. */
	live: string;
	/** Shown when behind the live edge, with the go-live button. */
	behindLive: string;
	goLive: string;
	quality: string;
	/** The automatic quality choice. */
	auto: string;
}

/**
 * Why playback stopped: the connection (`network`), the stream itself is gone (`ended`), the
 * viewer's plan or pass ended (`forbidden`), territory rights (`region`), or the browser could
 * not decode what it was sent (`media`).
 */
export type PlaybackError = 'network' | 'ended' | 'forbidden' | 'region' | 'media';

export interface PlayerProps {
	/** Signed manifest URL from our server; null when the viewer may not watch. */
	src: string | null;
	labels: PlayerLabels;
	/** Shown instead of the video when `src` is null. */
	locked?: { message: string; href: string; link: string } | null;
	/** Asked for a fresh signed URL after an error (retry); without it, the same URL again. */
	refresh?: () => Promise<string | null>;
	/**
	 * GET: this viewer's access and a freshly signed URL (WatchAccess). With it the player
	 * renews its signed address before it expires, for as long as the viewer may watch, and
	 * stops with the access-ended message when the answer is no.
	 */
	accessUrl?: string;
	/**
	 * Languages (ISO 639-1) of the WebVTT captions beside the manifest (`captions-<lang>.vtt`,
	 * signed like it). Side-loaded as `<track>`s, so every HLS engine shows them alike.
	 */
	captions?: string[];
}

/** What GET /api/watch/{stream} answers this visitor. */
export type WatchAccess =
	| {
			allowed: true;
			src: string;
			live: boolean;
			captions: string[];
			/** Seconds the signed `src` stays valid, counted by the server's clock. */
			expiresIn: number;
	  }
	| { allowed: false; reason: 'login' | 'plan' | 'region' };

/** The watch section of a match centre (the same for every visitor; access is asked). */
export interface MatchWatchProps {
	streamId: string;
	/** GET: this visitor's access and signed URL (WatchAccess). */
	accessUrl: string;
	title: string;
	/** The title's language when it is not the page's (the English fallback), else absent. */
	titleLang?: string;
	heading: string;
	labels: PlayerLabels & { checking: string; lockTitle: string; login: string; buyFailed: string };
	/** Null for a free stream. */
	lock: {
		message: string;
		/** The match pass, bought with a plain form post (works without JavaScript). */
		buy: {
			action: string;
			fields: Record<string, string>;
			label: string;
			note: string;
		} | null;
		alternatives: { href: string; label: string }[];
		loginHref: string;
	} | null;
}

/** The address of one captions file, beside the manifest and signed like it. */
export function captionsUrl(manifestSrc: string, lang: string): string {
	return manifestSrc.replace(/index\.m3u8(?=\?|$)/, `captions-${lang}.vtt`);
}

/** The signature part of a signed media address (`exp` and `sig`). */
export interface MediaToken {
	exp: string;
	sig: string;
}

/** The `exp` and `sig` of a signed media address, or null when it carries none. */
export function mediaToken(url: string): MediaToken | null {
	const query = url.split('?')[1] ?? '';
	const params = new URLSearchParams(query.split('#')[0]);
	const exp = params.get('exp');
	const sig = params.get('sig');
	return exp && sig ? { exp, sig } : null;
}

/**
 * The same media address signed with `token` instead: hls.js keeps the addresses it read
 * from playlists, so every request it makes is rewritten with the newest signature. Only
 * our own `/media/` addresses are touched; anything else (an outside source) is returned as
 * it was.
 */
export function withMediaToken(url: string, token: MediaToken): string {
	const hash = url.indexOf('#');
	const base = hash < 0 ? url : url.slice(0, hash);
	const at = base.indexOf('?');
	if (at < 0 || !/(^|\/)media\//.test(base.slice(0, at))) return url;
	const params = new URLSearchParams(base.slice(at + 1));
	if (!params.has('exp') || !params.has('sig')) return url;
	params.set('exp', token.exp);
	params.set('sig', token.sig);
	return `${base.slice(0, at)}?${params.toString()}${hash < 0 ? '' : url.slice(hash)}`;
}

/**
 * How long after receiving a signed address (valid `expiresIn` seconds) the player asks
 * for the next one: a minute before it expires, or halfway for short lifetimes, so one
 * failed request still leaves time for another before segments are refused.
 */
export function renewDelayMs(expiresIn: number): number {
	const margin = Math.min(60, expiresIn / 2);
	return Math.max(1, expiresIn - margin) * 1000;
}

/** The wait before automatic retry number `attempt` (0-based): 1, 2, 4, 8 then 16 s. */
export function retryDelayMs(attempt: number): number {
	return 1000 * 2 ** Math.min(Math.max(0, attempt), 4);
}

/** Automatic retries of a lost connection or an undecodable segment before giving up. */
export const MAX_RETRIES = 5;
