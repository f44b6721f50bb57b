/**
 * The player's control icons, drawn inline: emoji and symbol characters show as empty boxes
 * where no emoji font exists. Decorative (aria-hidden); each button carries its own label.
 * Stroke and fill follow `currentColor`, so they take the controls' colour in both themes.
 */

export type IconName =
	| 'play'
	| 'pause'
	| 'volume'
	| 'muted'
	| 'fullscreen'
	| 'pip'
	| 'captions'
	| 'lock'
	| 'live';

const PATHS: Record<IconName, { fill?: string; stroke?: string }> = {
	play: { fill: 'M8 5.5v13l11-6.5z' },
	pause: { fill: 'M7 5h3.5v14H7zM13.5 5H17v14h-3.5z' },
	volume: {
		fill: 'M4 9.5h3.5L12 5.5v13l-4.5-4H4z',
		stroke: 'M15.5 9a4 4 0 0 1 0 6M18 6.5a7.5 7.5 0 0 1 0 11',
	},
	muted: { fill: 'M4 9.5h3.5L12 5.5v13l-4.5-4H4z', stroke: 'M16 9.5l5 5M21 9.5l-5 5' },
	fullscreen: { stroke: 'M4 9V4h5M15 4h5v5M20 15v5h-5M9 20H4v-5' },
	pip: { fill: 'M12.5 12.5h6v4.5h-6z', stroke: 'M3.5 5.5h17v13h-17z' },
	captions: {
		stroke: 'M3.5 5.5h17v13h-17zM10.5 10.2a2.3 2.3 0 1 0 0 3.6M17 10.2a2.3 2.3 0 1 0 0 3.6',
	},
	lock: { fill: 'M6 11h12v9H6z', stroke: 'M8.5 11V8a3.5 3.5 0 0 1 7 0v3' },
	live: {
		fill: 'M12 9a3 3 0 1 1 0 6a3 3 0 0 1 0-6z',
		stroke: 'M7 7a7 7 0 0 0 0 10M17 7a7 7 0 0 1 0 10',
	},
};

export function Icon({ name }: { name: IconName }) {
	const { fill, stroke } = PATHS[name];
	return (
		<svg aria-hidden="true" focusable="false" width="20" height="20" viewBox="0 0 24 24">
			{fill && <path d={fill} fill="currentColor" />}
			{stroke && (
				<path
					d={stroke}
					fill="none"
					stroke="currentColor"
					strokeWidth="2"
					strokeLinecap="round"
					strokeLinejoin="round"
				/>
			)}
		</svg>
	);
}
