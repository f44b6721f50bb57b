import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import Player from '~/islands/player/Player';
import type { PlayerLabels } from '~/lib/streams/player';

const labels: PlayerLabels = {
	label: 'Video',
	play: 'Play',
	pause: 'Pause',
	mute: 'Mute',
	unmute: 'Unmute',
	volume: 'Volume',
	fullscreen: 'Full screen',
	pip: 'Picture in picture',
	captions: 'Captions',
	loading: 'Loading',
	playing: 'Playing',
	paused: 'Paused',
	error: 'Error',
	errors: {
		network: 'Lost',
		ended: 'Ended',
		forbidden: 'No access',
		region: 'Not here',
		media: 'Cannot decode',
	},
	retry: 'Retry',
	reconnecting: 'Reconnecting',
	live: 'Live',
	behindLive: 'Behind',
	goLive: 'Go live',
	quality: 'Quality',
	auto: 'Auto',
};

// Emoji and rare symbols render as empty boxes where no emoji font is installed (many
// Linux desktops, some TVs): every control draws its own SVG icon and is named by its label.
describe('Player controls', () => {
	const html = renderToString(createElement(Player, { src: '/streams/1/index.m3u8', labels }));
	const buttons = [...html.matchAll(/<button[^>]*>([\s\S]*?)<\/button>/g)];

	it('has play, mute and fullscreen buttons, each an SVG icon with a label', () => {
		expect(buttons.length).toBe(3);
		for (const [whole, inner] of buttons) {
			expect(whole).toMatch(/aria-label="[^"]+"/);
			expect(inner).toMatch(/^<svg[^>]*aria-hidden="true"/);
		}
	});

	it('shows no text glyphs that depend on a font', () => {
		for (const [, inner] of buttons) {
			const text = (inner ?? '').replace(/<[^>]+>/g, '');
			expect(text).toBe('');
		}
	});
});
