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

export type PlaybackError = 'network' | 'ended' | 'forbidden' | 'region';

export interface PlayerProps {
	/** Signed manifest URL from our server; null when the viewer may not watch. */
	src: string | null;
	labels: PlayerLabels;
	/** Shown instead of the video when `src` is null. */
	locked?: { message: string; href: string; link: string } | null;
	/** Asked for a fresh signed URL after an error (retry); without it, the same URL again. */
	refresh?: () => Promise<string | null>;
	/**
	 * Languages (ISO 639-1) of the WebVTT captions beside the manifest (`captions-<lang>.vtt`,
	 * signed like it). Side-loaded as `<track>`s, so every HLS engine shows them alike.
	 */
	captions?: string[];
}

/** What GET /api/watch/{stream} answers this visitor. */
export type WatchAccess =
	| { allowed: true; src: string; live: boolean; captions: string[] }
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
