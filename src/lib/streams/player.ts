/**
 * The props of the video player island (islands/player/Player): built by the server
 * (server/streams/catalogue-view.ts), read by the browser, so defined here where both may import.
 */

export interface PlayerLabels {
	label: string;
	play: string;
	pause: string;
	mute: string;
	unmute: string;
	volume: string;
	fullscreen: string;
	loading: string;
	playing: string;
	paused: string;
	error: string;
}

export interface PlayerProps {
	/** Signed manifest URL from our server; null when the viewer may not watch. */
	src: string | null;
	labels: PlayerLabels;
	/** Shown instead of the video when `src` is null. */
	locked?: { message: string; href: string; link: string } | null;
}
