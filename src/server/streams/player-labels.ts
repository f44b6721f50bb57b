import type { Translate } from '~/i18n/server';
import type { PlayerLabels } from '~/lib/streams/player';

/** The player's labels in the visitor's language (every page with a player). */
export function playerLabels(title: string, t: Translate): PlayerLabels {
	return {
		label: t('streams:player.label', { title }),
		play: t('streams:player.play'),
		pause: t('streams:player.pause'),
		mute: t('streams:player.mute'),
		unmute: t('streams:player.unmute'),
		volume: t('streams:player.volume'),
		fullscreen: t('streams:player.fullscreen'),
		pip: t('streams:player.pip'),
		captions: t('streams:player.captions'),
		loading: t('streams:player.loading'),
		playing: t('streams:player.playing'),
		paused: t('streams:player.paused'),
		error: t('streams:player.error'),
		errors: {
			network: t('watching:error.network'),
			ended: t('watching:error.ended'),
			forbidden: t('watching:error.forbidden'),
			region: t('watching:error.region'),
			media: t('watching:error.media'),
		},
		reconnecting: t('watching:reconnecting'),
		retry: t('watching:retry'),
		live: t('watching:live'),
		behindLive: t('watching:behindLive'),
		goLive: t('watching:goLive'),
		quality: t('watching:quality'),
		auto: t('watching:auto'),
	};
}
