import { useCallback, useEffect, useRef, useState } from 'react';
import {
	captionsUrl,
	MAX_RETRIES,
	type MediaToken,
	mediaToken,
	type PlaybackError,
	type PlayerProps,
	renewDelayMs,
	retryDelayMs,
	type WatchAccess,
	withMediaToken,
} from '~/lib/streams/player';
import { reportStreamLatency } from '~/stores/spoiler';
import { Icon } from './icons';

export type { PlayerLabels, PlayerProps } from '~/lib/streams/player';

type Phase = 'loading' | 'playing' | 'paused' | 'error';

/** The live streams' segment length: how often the native player's access is re-checked. */
const SEGMENT_MS = 2_000;

/** Seconds behind the live edge past which the player offers "go live". */
const BEHIND_LIVE_S = 12;

interface HlsLike {
	levels: { height: number }[];
	currentLevel: number;
	liveSyncPosition: number | null;
	/** The subtitle rendition hls.js loads (-1: none) and whether it shows it. */
	subtitleTrack: number;
	subtitleDisplay: boolean;
	/** The wall-clock time of the frame showing (from EXT-X-PROGRAM-DATE-TIME). */
	playingDate: Date | null;
}

/** The text tracks that are captions or subtitles (not chapters or metadata). */
function captionTracks(el: HTMLVideoElement): TextTrack[] {
	return [...el.textTracks].filter((t) => t.kind === 'captions' || t.kind === 'subtitles');
}

/** Where "live" is: hls.js's sync point, or a few seconds before the end of what is seekable. */
function liveEdgeOf(el: HTMLVideoElement | null, hls: HlsLike | null): number | null {
	if (hls) return hls.liveSyncPosition;
	if (!el || el.seekable.length === 0) return null;
	return el.seekable.end(el.seekable.length - 1) - 6;
}

/** Where a player starts a live stream: three segments behind the newest (the HLS rule). */
const START_BEHIND_S = (3 * SEGMENT_MS) / 1000;

/**
 * How far the picture is behind real time, in seconds: the playlist's wall clock where
 * hls.js reads it; else the distance to the newest segment plus that segment's length;
 * else (Chromium's own HLS shows no seekable range) the usual starting distance plus every
 * second lost since playback began (stalls, pauses), an estimate.
 */
function latencyOf(
	el: HTMLVideoElement,
	hls: HlsLike | null,
	start: { wall: number; media: number },
): number {
	const date = hls?.playingDate;
	if (date) return (Date.now() - date.getTime()) / 1000;
	if (el.seekable.length > 0)
		return el.seekable.end(el.seekable.length - 1) - el.currentTime + SEGMENT_MS / 1000;
	return START_BEHIND_S + (Date.now() - start.wall) / 1000 - (el.currentTime - start.media);
}

/** What stopped playback, from the HTTP status the player saw. */
function errorOf(status: number | undefined): PlaybackError {
	if (status === 403) return 'forbidden';
	if (status === 404 || status === 410) return 'ended';
	if (status === 451) return 'region';
	return 'network';
}

/**
 * HLS player: hls.js where Media Source Extensions exist, the browser's own HLS elsewhere
 * (iPhone Safari); loaded only when a stream is allowed. Keyboard-usable buttons with labels, a live status, the
 * live edge with "go live", a quality choice, captions when the stream carries a text track,
 * picture in picture where the browser offers it, and a message per error with a retry.
 */
/** A caption language's name in the page's language ("Deutsch", "German"…). */
function languageName(lang: string): string {
	try {
		return (
			new Intl.DisplayNames([document.documentElement.lang || 'en'], { type: 'language' }).of(
				lang,
			) ?? lang
		);
	} catch {
		return lang;
	}
}

export default function Player({
	src: initialSrc,
	labels,
	locked,
	refresh,
	accessUrl,
	captions: captionLangs = [],
}: PlayerProps) {
	const video = useRef<HTMLVideoElement>(null);
	const box = useRef<HTMLDivElement>(null);
	const hlsRef = useRef<HlsLike | null>(null);
	/** When and where live playback began: the base of the latency estimate. */
	const liveStart = useRef<{ wall: number; media: number } | null>(null);
	const [src, setSrc] = useState(initialSrc);
	/** The newest signature (renewals replace it) and the newest signed address. */
	const token = useRef<MediaToken | null>(null);
	const latestSrc = useRef<string | null>(null);
	/** Set by the playing engine: what an error of the video element does, and a renewal now. */
	const elementError = useRef<(() => void | Promise<void>) | null>(null);
	const renewNow = useRef<(() => Promise<boolean | null>) | null>(null);
	/** The player is retrying by itself after a lost connection or a bad segment. */
	const [recovering, setRecovering] = useState(false);
	const [attempt, setAttempt] = useState(0);
	const [phase, setPhase] = useState<Phase>('loading');
	const [error, setError] = useState<PlaybackError | null>(null);
	const [muted, setMuted] = useState(true);
	const [volume, setVolume] = useState(1);
	const [live, setLive] = useState(false);
	const [behind, setBehind] = useState(false);
	const [levels, setLevels] = useState<number[]>([]);
	const [level, setLevel] = useState(-1);
	/** null: the stream has no captions; else whether they show. */
	const [captions, setCaptions] = useState<boolean | null>(null);
	const [pipOffered, setPipOffered] = useState(false);
	// Caption tracks are added once in the browser: their labels name languages in the
	// page's language, which the server render does not know here.
	const [mounted, setMounted] = useState(false);
	useEffect(() => setMounted(true), []);
	const [inPip, setInPip] = useState(false);

	const fail = useCallback((kind: PlaybackError) => {
		setError(kind);
		setPhase('error');
	}, []);

	// biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` restarts playback on retry
	useEffect(() => {
		const el = video.current;
		if (!el || !src) return;
		liveStart.current = null;
		token.current = mediaToken(src);
		latestSrc.current = src;
		setRecovering(false);
		let cancelled = false;
		let stopped = false;
		let destroy: (() => void) | undefined;
		/** Listeners added here, removed when this source is left. */
		const listeners = new AbortController();
		const timers = new Set<ReturnType<typeof setTimeout>>();
		const later = (fn: () => void, ms: number) => {
			const id = setTimeout(() => {
				timers.delete(id);
				if (!cancelled && !stopped) fn();
			}, ms);
			timers.add(id);
			return id;
		};
		/** What the engine does with a renewed address (hls.js: nothing, its requests are rewritten). */
		let renewed: (next: string) => void = () => {};
		/** Stops fetching and playing: after this, only the retry button starts again. */
		let halt = () => el.pause();
		const stop = (kind: PlaybackError) => {
			if (stopped) return;
			stopped = true;
			setRecovering(false);
			fail(kind);
			halt();
		};

		// Renewal of the signed address, for as long as the server says this viewer may watch.
		// true: renewed; false: refused (playback stopped with the reason); null: not reachable.
		let renewing: Promise<boolean | null> | null = null;
		let renewTimer: ReturnType<typeof setTimeout> | undefined;
		let renewFailures = 0;
		const scheduleRenewal = (ms: number) => {
			if (renewTimer) clearTimeout(renewTimer);
			renewTimer = later(() => void renew(), ms);
		};
		renewNow.current = () => renew();
		const renew = (): Promise<boolean | null> => {
			if (!accessUrl) return Promise.resolve(null);
			renewing ??= (async (): Promise<boolean | null> => {
				try {
					const response = await fetch(accessUrl, {
						credentials: 'same-origin',
						cache: 'no-store',
						headers: { Accept: 'application/json' },
					});
					if (cancelled || stopped) return false;
					// Refused outright, or allowed no longer: the plan or pass ended (or the
					// stream is gone), which no retry can mend.
					if ([401, 403, 404, 410, 451].includes(response.status)) {
						stop(response.status === 401 ? 'forbidden' : errorOf(response.status));
						return false;
					}
					if (!response.ok) throw new Error(`HTTP ${response.status}`);
					const access = (await response.json()) as WatchAccess;
					if (cancelled || stopped) return false;
					if (!access.allowed) {
						stop(access.reason === 'region' ? 'region' : 'forbidden');
						return false;
					}
					renewFailures = 0;
					token.current = mediaToken(access.src) ?? token.current;
					latestSrc.current = access.src;
					renewed(access.src);
					scheduleRenewal(renewDelayMs(access.expiresIn));
					return true;
				} catch {
					// The connection, not the plan: ask again soon, while the old address works.
					if (!cancelled && !stopped) scheduleRenewal(retryDelayMs(renewFailures++));
					return null;
				} finally {
					renewing = null;
				}
			})();
			return renewing;
		};
		if (accessUrl && token.current) {
			// The page may have been made a while ago: the address's own expiry, on this
			// clock, decides the first renewal; the server's answers decide the rest.
			const left = Number(token.current.exp) - Date.now() / 1000;
			scheduleRenewal(renewDelayMs(Math.max(0, left)));
		}

		const playNatively = () => {
			el.src = src;
			halt = () => {
				el.pause();
				el.removeAttribute('src');
				el.load();
			};
			// The browser's own HLS cannot be handed a new signature: the source is swapped,
			// from where the picture is (a live stream rejoins its edge).
			renewed = (next) => {
				const at = el.currentTime;
				const live = el.duration === Number.POSITIVE_INFINITY;
				el.src = next;
				if (!live && at > 0) el.currentTime = at;
				void el.play().catch(() => {});
			};
			// The browser's own HLS says only that it failed: the playlist's answer says why.
			let retries = 0;
			elementError.current = async () => {
				const status = await fetch(latestSrc.current ?? src, {
					credentials: 'same-origin',
					cache: 'no-store',
				})
					.then((r) => (r.ok ? 200 : r.status))
					.catch(() => 0);
				if (cancelled || stopped) return;
				if (status === 403 && accessUrl) {
					if ((await renew()) !== true) return;
				} else if (status !== 200 && status !== 0) return stop(errorOf(status));
				// Reachable and allowed, so the media itself failed (or the connection did):
				// load it again a few times before saying which.
				if (retries >= MAX_RETRIES) return stop(status === 0 ? 'network' : 'media');
				setRecovering(true);
				later(() => {
					el.src = latestSrc.current ?? src;
					void el.play().catch(() => {});
				}, retryDelayMs(retries++));
			};
			el.addEventListener(
				'playing',
				() => {
					retries = 0;
					setRecovering(false);
				},
				{ signal: listeners.signal },
			);
		};

		// hls.js wherever Media Source Extensions exist (it can renew the signature of every
		// request in place); the browser's own HLS elsewhere (iPhone Safari before 17.1).
		if (!('MediaSource' in window || 'ManagedMediaSource' in window)) {
			if (el.canPlayType('application/vnd.apple.mpegurl')) playNatively();
			else stop('media');
			return () => {
				cancelled = true;
				listeners.abort();
				for (const id of timers) clearTimeout(id);
				elementError.current = null;
				renewNow.current = null;
			};
		}
		void import('hls.js').then(({ default: Hls }) => {
			if (cancelled) return;
			if (!Hls.isSupported()) {
				if (el.canPlayType('application/vnd.apple.mpegurl')) playNatively();
				else stop('media');
				return;
			}
			const hls = new Hls({
				enableWorker: true,
				liveSyncDurationCount: 3,
				// Every playlist and segment request carries the newest signature: addresses
				// read from a playlist fetched before a renewal would otherwise expire.
				xhrSetup: (xhr, url) => {
					xhr.open('GET', token.current ? withMediaToken(url, token.current) : url, true);
				},
			});
			hlsRef.current = hls;
			halt = () => {
				// Nothing more is fetched, and what is buffered does not play on: a plan that
				// ended stops here, not when the buffer runs dry.
				hls.stopLoad();
				el.pause();
			};
			let networkRetries = 0;
			let mediaRetries = 0;
			let lastError = 0;
			const recovered = () => {
				if (networkRetries + mediaRetries === 0) return;
				networkRetries = 0;
				mediaRetries = 0;
				setRecovering(false);
			};
			const retryNetwork = () => {
				if (networkRetries >= MAX_RETRIES) return stop('network');
				setRecovering(true);
				later(() => hls.startLoad(), retryDelayMs(networkRetries++));
			};
			const retryMedia = () => {
				if (stopped) return;
				if (mediaRetries >= MAX_RETRIES) return stop('media');
				setRecovering(true);
				// The second time, the audio codec hls.js guessed may be the fault.
				if (mediaRetries === 1) hls.swapAudioCodec();
				const wait = mediaRetries === 0 ? 0 : retryDelayMs(mediaRetries - 1);
				mediaRetries++;
				later(() => hls.recoverMediaError(), wait);
			};
			hls.on(Hls.Events.ERROR, (_e, data) => {
				if (stopped) return;
				const status = (data.response as { code?: number } | undefined)?.code;
				if (status === 403) {
					// An expired signature (a computer that slept, a wrong clock) or a plan that
					// ended: the server's answer to a renewal tells which.
					if (!accessUrl) return stop('forbidden');
					if (data.fatal) hls.stopLoad();
					void renew().then((ok) => {
						if (ok === null) {
							if (data.fatal) retryNetwork();
						} else if (ok && data.fatal) hls.startLoad();
					});
					return;
				}
				if (!data.fatal) return;
				// Errors long apart are separate troubles, each with its own retries.
				if (Date.now() - lastError > 60_000) {
					networkRetries = 0;
					mediaRetries = 0;
				}
				lastError = Date.now();
				if (data.type === Hls.ErrorTypes.NETWORK_ERROR) {
					if (status === 404 || status === 410 || status === 451) return stop(errorOf(status));
					return retryNetwork();
				}
				return retryMedia();
			});
			hls.on(Hls.Events.FRAG_BUFFERED, recovered);
			// The element's own error (the browser could not decode what was appended): the
			// same recovery as hls.js's media errors.
			elementError.current = () => {
				lastError = Date.now();
				retryMedia();
			};
			hls.on(Hls.Events.MANIFEST_PARSED, (_e, data) => {
				setLevels(data.levels.map((l) => l.height));
			});
			hls.on(Hls.Events.LEVEL_LOADED, (_e, data) => setLive(data.details.live));
			hls.on(Hls.Events.SUBTITLE_TRACKS_UPDATED, (_e, data) => {
				if (data.subtitleTracks.length > 0) setCaptions((on) => on ?? false);
			});
			hls.loadSource(src);
			hls.attachMedia(el);
			destroy = () => {
				hls.destroy();
				hlsRef.current = null;
			};
		});
		return () => {
			cancelled = true;
			listeners.abort();
			for (const id of timers) clearTimeout(id);
			elementError.current = null;
			renewNow.current = null;
			destroy?.();
		};
	}, [src, attempt, fail, accessUrl]);

	// No live picture (not live, stopped, or gone): the delay is the visitor's own again.
	useEffect(() => {
		if (!live || phase === 'error') reportStreamLatency(null);
	}, [live, phase]);
	useEffect(() => () => reportStreamLatency(null), []);

	// The browser's own HLS keeps waiting when a live segment is refused (a plan that just
	// ended): while it plays a live stream, the playlist's answer is checked every segment,
	// so playback stops with the right message, as hls.js does on its own. A refusal may also
	// be an address that expired early (a wrong clock): a renewal tells the two apart.
	useEffect(() => {
		if (!src || !live || hlsRef.current || phase === 'error') return;
		const timer = setInterval(() => {
			void fetch(latestSrc.current ?? src, { credentials: 'same-origin', cache: 'no-store' })
				.then((r) => {
					if (r.ok) return;
					if (r.status === 403 && renewNow.current) {
						void renewNow.current();
						return;
					}
					fail(errorOf(r.status));
					video.current?.pause();
				})
				.catch(() => {});
		}, SEGMENT_MS);
		return () => clearInterval(timer);
	}, [src, live, phase, fail]);

	// Captions: whatever text tracks the stream brings (the browser's HLS and hls.js both
	// add them to the element). Picture in picture: only where the browser offers it.
	// biome-ignore lint/correctness/useExhaustiveDependencies: a new `src` is a new stream, with its own tracks
	useEffect(() => {
		const el = video.current;
		if (!el) return;
		setPipOffered(document.pictureInPictureEnabled === true && !el.disablePictureInPicture);
		const tracks = el.textTracks;
		const found = () => {
			if (captionTracks(el).length > 0) setCaptions((on) => on ?? false);
		};
		const enter = () => setInPip(true);
		const leave = () => setInPip(false);
		found();
		tracks.addEventListener('addtrack', found);
		el.addEventListener('enterpictureinpicture', enter);
		el.addEventListener('leavepictureinpicture', leave);
		return () => {
			tracks.removeEventListener('addtrack', found);
			el.removeEventListener('enterpictureinpicture', enter);
			el.removeEventListener('leavepictureinpicture', leave);
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
	const goLive = () => {
		const el = video.current;
		const edge = liveEdgeOf(el, hlsRef.current);
		if (el && edge !== null) el.currentTime = edge;
		if (el?.paused) void el.play().catch(() => setPhase('paused'));
	};
	const showCaptions = (on: boolean) => {
		const el = video.current;
		if (!el) return;
		const hls = hlsRef.current;
		if (hls) {
			hls.subtitleTrack = on ? Math.max(0, hls.subtitleTrack) : -1;
			hls.subtitleDisplay = on;
		}
		// The page's language when the stream has it, else the first track.
		const tracks = captionTracks(el);
		const page = document.documentElement.lang.split('-')[0];
		const pick = Math.max(
			0,
			tracks.findIndex((t) => t.language === page),
		);
		tracks.forEach((t, i) => {
			t.mode = on && i === pick ? 'showing' : 'disabled';
		});
		setCaptions(on);
	};
	const pip = () => {
		const el = video.current;
		if (!el) return;
		if (document.pictureInPictureElement) void document.exitPictureInPicture().catch(() => {});
		else void el.requestPictureInPicture().catch(() => {});
	};
	const retry = async () => {
		setError(null);
		setPhase('loading');
		// A fresh signed URL: the old one may have expired, or the plan changed since.
		const next = refresh ? await refresh() : (latestSrc.current ?? src);
		if (!next) {
			fail('forbidden');
			return;
		}
		setSrc(next);
		setAttempt((n) => n + 1);
	};
	const keys = (e: React.KeyboardEvent) => {
		const el = video.current;
		if (!el || (e.target as HTMLElement).tagName === 'INPUT') return;
		if (e.key === 'k' || e.key === ' ') toggle();
		else if (e.key === 'm') setMuted(!muted);
		else if (e.key === 'f') void box.current?.requestFullscreen?.().catch(() => {});
		else if (e.key === 'c' && captions !== null) showCaptions(!captions);
		else if (e.key === 'p' && pipOffered) pip();
		else if (e.key === 'ArrowLeft') el.currentTime = Math.max(0, el.currentTime - 5);
		else if (e.key === 'ArrowRight') el.currentTime += 5;
		else return;
		e.preventDefault();
	};

	return (
		<div
			className="player"
			ref={box}
			role="region"
			aria-label={labels.label}
			onKeyDown={keys}
			data-error={error ?? undefined}
		>
			<video
				ref={video}
				playsInline
				muted={muted}
				autoPlay
				onPlaying={() => setPhase('playing')}
				onPause={() => setPhase('paused')}
				onWaiting={() => setPhase('loading')}
				onError={() => void elementError.current?.()}
				onDurationChange={() => {
					if (!hlsRef.current) setLive(video.current?.duration === Number.POSITIVE_INFINITY);
				}}
				onTimeUpdate={() => {
					const el = video.current;
					const edge = liveEdgeOf(el, hlsRef.current);
					if (el && edge !== null) setBehind(edge - el.currentTime > BEHIND_LIVE_S);
					// Spoiler-safe delay follows what this viewer actually sees.
					if (el && live) {
						liveStart.current ??= { wall: Date.now(), media: el.currentTime };
						reportStreamLatency(latencyOf(el, hlsRef.current, liveStart.current));
					}
				}}
				onClick={toggle}
				data-phase={phase}
			>
				{(mounted ? captionLangs : []).map((lang) => (
					<track
						key={lang}
						kind="captions"
						srcLang={lang}
						label={languageName(lang)}
						src={captionsUrl(src, lang)}
					/>
				))}
			</video>
			{error && (
				<div className="player__error" role="alert">
					<p>{labels.errors[error]}</p>
					<button type="button" className="button" onClick={() => void retry()}>
						{labels.retry}
					</button>
				</div>
			)}
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
				{live &&
					(behind ? (
						<button type="button" className="player__live player__live--behind" onClick={goLive}>
							<Icon name="live" /> {labels.goLive}
						</button>
					) : (
						<span className="player__live" data-testid="at-live-edge">
							<Icon name="live" /> {labels.live}
						</span>
					))}
				{levels.length > 1 && (
					<select
						aria-label={labels.quality}
						value={level}
						onChange={(e) => {
							const v = Number(e.target.value);
							setLevel(v);
							if (hlsRef.current) hlsRef.current.currentLevel = v;
						}}
					>
						<option value={-1}>{labels.auto}</option>
						{levels.map((h, i) => (
							<option key={h} value={i}>
								{h}p
							</option>
						))}
					</select>
				)}
				{captions !== null && (
					<button
						type="button"
						aria-label={labels.captions}
						aria-pressed={captions}
						onClick={() => showCaptions(!captions)}
					>
						<Icon name="captions" />
					</button>
				)}
				{pipOffered && (
					<button type="button" aria-label={labels.pip} aria-pressed={inPip} onClick={pip}>
						<Icon name="pip" />
					</button>
				)}
				<button
					type="button"
					aria-label={labels.fullscreen}
					onClick={() => void box.current?.requestFullscreen?.().catch(() => {})}
				>
					<Icon name="fullscreen" />
				</button>
			</div>
			<p className="player__status" role="status" aria-live="polite">
				{phase === 'error'
					? labels.errors[error ?? 'network']
					: recovering
						? labels.reconnecting
						: behind && live
							? labels.behindLive
							: labels[phase]}
			</p>
		</div>
	);
}
