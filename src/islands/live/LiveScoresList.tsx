import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { runningMinute, seedMatches, watchMatches, type LiveMatchState } from '~/stores/live';
import {
	$revealed,
	$spoiler,
	revealScore,
	scoreHidden,
	type SpoilerSettings,
} from '~/stores/spoiler';
import type { LiveLabels } from '~/lib/live/labels';
import { LiveAnnouncer, LiveStatus, useNow } from './LiveStatus';
import SpoilerControl from './SpoilerControl';
import { useLiveMatches } from './useLiveMatches';
import './live.css';

export type { LiveLabels } from '~/lib/live/labels';

export interface LiveScoresListProps {
	/** Server-rendered snapshot for the first paint. */
	initial: LiveMatchState[];
	/** Matches to follow; null follows every live match. */
	matchIds: string[] | null;
	/** Link to a match page; `{id}` is replaced (e.g. "/en/match/{id}"). */
	matchHref: string;
	labels: LiveLabels;
	/**
	 * The visitor's spoiler-safe mode as the server read it from its cookie, for the server
	 * render: a visitor hiding scores must not see them in the HTML before hydration. Leave
	 * it out on pages cached for everyone (the home page, whose day list shows scores anyway).
	 */
	spoiler?: SpoilerSettings;
}

export function minuteText(
	m: LiveMatchState,
	labels: Pick<LiveLabels, 'halfTime' | 'finished'>,
	now: number,
): string {
	if (m.status === 'half_time') return labels.halfTime;
	if (m.status.startsWith('finished')) return labels.finished;
	const minute = runningMinute(m, now);
	return minute !== null ? `${minute}'` : '';
}

/** The live scores list (home page, /live-matches): one row per match, updated as it happens. */
export default function LiveScoresList({
	initial,
	matchIds,
	matchHref,
	labels,
	spoiler: serverSpoiler,
}: LiveScoresListProps) {
	const known = useLiveMatches(initial);
	const storedSpoiler = useStore($spoiler);
	// The browser's store reads the same setting (localStorage, kept with the cookie).
	const spoiler = typeof window === 'undefined' && serverSpoiler ? serverSpoiler : storedSpoiler;
	const revealed = useStore($revealed);
	const now = useNow();

	// biome-ignore lint/correctness/useExhaustiveDependencies: seed and subscribe once on mount; later props never replace the live store
	useEffect(() => {
		seedMatches(initial);
		return watchMatches(matchIds);
	}, []);

	const wanted = matchIds ?? Object.keys(known);
	const rows = wanted
		.map((id) => known[id])
		.filter((m): m is LiveMatchState => Boolean(m))
		.filter((m) => matchIds !== null || m.status === 'live' || m.status === 'half_time');

	return (
		<section className="live-list" aria-labelledby="live-list-title">
			<h2 id="live-list-title">{labels.title}</h2>
			<LiveStatus labels={labels} />
			<SpoilerControl labels={labels} />
			{rows.length === 0 ? (
				<p>{labels.empty}</p>
			) : (
				<ul>
					{rows.map((m) => {
						const hidden = scoreHidden(spoiler, revealed, m.matchId);
						return (
							<li key={m.matchId} data-match-id={m.matchId}>
								{m.isReplay && (
									<span
										className="badge-replay"
										title={labels.replayNote}
										data-testid="replay-badge"
									>
										{labels.replay}
									</span>
								)}{' '}
								<a href={matchHref.replace('{id}', m.matchId)}>
									{m.home.name}{' '}
									<strong data-testid="live-score" aria-hidden={hidden || undefined}>
										{hidden ? '–' : `${m.score?.home ?? 0}–${m.score?.away ?? 0}`}
									</strong>
									{hidden && <span className="visually-hidden">{labels.hiddenScore}</span>}{' '}
									{m.away.name}
								</a>{' '}
								<span className="live-minute">{minuteText(m, labels, now)}</span>
								{hidden && (
									<button type="button" data-testid="reveal" onClick={() => revealScore(m.matchId)}>
										{labels.reveal}
									</button>
								)}
							</li>
						);
					})}
				</ul>
			)}
			<LiveAnnouncer labels={labels} />
		</section>
	);
}
