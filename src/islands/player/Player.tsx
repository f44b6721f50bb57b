import { useEffect, useRef, useState } from 'react';
import type { PlayerProps } from '~/lib/streams/player';
import { Icon } from './icons';

export type { PlayerLabels, PlayerProps } from '~/lib/streams/player';

type Phase = 'loading' | 'playing' | 'paused' | 'error';

/**
 * HLS player: the browser's own HLS where it has it (Safari, iOS), hls.js elsewhere, loaded
 * only when a stream is allowed. Keyboard-usable buttons with labels, and a live status.
 */
export default function Player({ src, labels, locked }: PlayerProps) {
	const video = useRef<HTMLVideoElement>(null);
	const box = useRef<HTMLDivElement>(null);
	const [phase, setPhase] = useState<Phase>('loading');
	const [muted, setMuted] = useState(true);
	const [volume, setVolume] = useState(1);

	useEffect(() => {
		const el = video.current;
		if (!el || !src) return;
		let destroy: (() => void) | undefined;
		let cancelled = false;
		if (el.canPlayType('application/vnd.apple.mpegurl')) {
			el.src = src;
		} else {
			void import('hls.js').then(({ default: Hls }) => {
				if (cancelled) return;
				if (!Hls.isSupported()) {
					setPhase('error');
					return;
				}
				const hls = new Hls({ enableWorker: true });
				hls.on(Hls.Events.ERROR, (_e, data) => {
					if (data.fatal) setPhase('error');
				});
				hls.loadSource(src);
				hls.attachMedia(el);
				destroy = () => hls.destroy();
			});
		}
		return () => {
			cancelled = true;
			destroy?.();
		};
	}, [src]);

	if (!src) {
		return (
			<div className="player player--locked" role="region" aria-label={labels.label}>
				<p>{locked?.message}</p>
				{locked && (
					<a className="button" href={locked.href}>
						{locked.link}
					</a>
				)}
			</div>
		);
	}

	const toggle = () => {
		const el = video.current;
		if (!el) return;
		if (el.paused) void el.play().catch(() => setPhase('paused'));
		else el.pause();
	};

	return (
		<div className="player" ref={box} role="region" aria-label={labels.label}>
			<video
				ref={video}
				playsInline
				muted={muted}
				autoPlay
				onPlaying={() => setPhase('playing')}
				onPause={() => setPhase('paused')}
				onWaiting={() => setPhase('loading')}
				onError={() => setPhase('error')}
				onClick={toggle}
				data-phase={phase}
			/>
			<div className="player__controls">
				<button
					type="button"
					onClick={toggle}
					aria-label={phase === 'playing' ? labels.pause : labels.play}
				>
					<Icon name={phase === 'playing' ? 'pause' : 'play'} />
				</button>
				<button
					type="button"
					onClick={() => setMuted(!muted)}
					aria-label={muted ? labels.unmute : labels.mute}
					aria-pressed={muted}
				>
					<Icon name={muted ? 'muted' : 'volume'} />
				</button>
				<input
					type="range"
					min={0}
					max={1}
					step={0.05}
					value={volume}
					aria-label={labels.volume}
					onChange={(e) => {
						const v = Number(e.target.value);
						setVolume(v);
						if (video.current) video.current.volume = v;
						if (v > 0 && muted) setMuted(false);
					}}
				/>
				<button
					type="button"
					aria-label={labels.fullscreen}
					onClick={() => void box.current?.requestFullscreen?.().catch(() => {})}
				>
					<Icon name="fullscreen" />
				</button>
			</div>
			<p className="player__status" role="status" aria-live="polite">
				{phase === 'error' ? labels.error : labels[phase]}
			</p>
		</div>
	);
}
