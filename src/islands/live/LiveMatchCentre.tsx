/**
 * LiveMatchCentre: the live part of the match page (/match/{id}).
 *
 * Props (the match page owner drops it in with `client:load`):
 * - `initial`: the match as the server knows it now, a `LiveMatchState`. Build it on the
 *   server with `getLiveMatchCentre(id)` from `src/server/live/page.ts` (null when the match
 *   does not exist: then do not render the island).
 * - `labels`: `matchCentreLabels(Astro.locals.t)` from `src/server/live/labels.ts`.
 * - `board`: the page's scoreboard model; the island renders THE scoreboard (crests, names,
 *   live score, minute, replay badge), so a live page has one scoreboard, not two.
 * - `spoilerControl` (default true): show the spoiler-safe mode switch here; pass false
 *   when the page renders `SpoilerControl` elsewhere.
 *
 * It shows the scoreboard with the score (hidden in spoiler-safe mode until revealed), the
 * running minute or period and the replay label, the timeline (goals, cards, substitutions,
 * periods), the statistics as bars when the feed knows any (else one line saying they are
 * not available), the data age / offline state, and announces goals
 * and red cards of this match politely to screen readers.
 */
import { useStore } from '@nanostores/react';
import { type ReactNode, useEffect, useMemo, useRef } from 'react';
import {
	$liveMatches,
	minuteText,
	seedMatches,
	watchMatches,
	type LiveMatchState,
} from '~/stores/live';
import { $revealed, $spoiler, revealScore, scoreHidden } from '~/stores/spoiler';
import { STAT_LABEL_KEYS, TIMELINE_LABEL_KEYS, type MatchCentreLabels } from '~/lib/live/labels';
import { isFinished, isLive } from '~/lib/football/match-status';
import type { ScoreboardModel } from '~/lib/scoreboard';
import { LiveAnnouncer, LiveStatus, useNow } from './LiveStatus';
import { refreshParts } from './refresh-parts';
import Scoreboard from './Scoreboard';
import SpoilerControl from './SpoilerControl';
import './live.css';

export type { MatchCentreLabels } from '~/lib/live/labels';

export interface LiveMatchCentreProps {
	initial: LiveMatchState;
	labels: MatchCentreLabels;
	/** The page's scoreboard (`MatchCentreView.scoreboard`): the island is that scoreboard. */
	board: ScoreboardModel;
	/** The kick-off line under the score: an Astro slot (`slot="meta"`), static HTML. */
	meta?: ReactNode;
	/** The page's section links, right under the scoreboard: an Astro slot (`slot="sections"`). */
	sections?: ReactNode;
	spoilerControl?: boolean;
}

type Entry = LiveMatchState['timeline'][number];

function periodText(m: LiveMatchState, labels: MatchCentreLabels, now: number): string {
	if (m.status === 'scheduled') return labels.notStarted;
	if (m.status === 'finished_aet') return labels.afterExtraTime;
	if (m.status === 'finished_pen') return labels.afterPenalties;
	if (isLive(m.status) || isFinished(m.status)) return minuteText(m, labels, now);
	// Postponed, abandoned, cancelled…: said by name, as the static page says it.
	return labels.statuses[m.status as keyof MatchCentreLabels['statuses']] ?? '';
}

function entryMinute(e: Entry): string {
	if (typeof e.minute !== 'number') return '';
	return typeof e.addedTime === 'number' && e.addedTime > 0
		? `${e.minute}+${e.addedTime}'`
		: `${e.minute}'`;
}

const isKnown = <K extends string>(keys: readonly K[], v: unknown): v is K => keys.includes(v as K);

export default function LiveMatchCentre({
	initial,
	labels,
	board,
	meta,
	sections,
	spoilerControl = true,
}: LiveMatchCentreProps) {
	const matches = useStore($liveMatches);
	const spoiler = useStore($spoiler);
	const revealed = useStore($revealed);
	const now = useNow();
	const only = useMemo(() => new Set([initial.matchId]), [initial.matchId]);

	// biome-ignore lint/correctness/useExhaustiveDependencies: subscribe again only when the match changes; `initial` is the first paint only
	useEffect(() => {
		seedMatches([initial]);
		return watchMatches([initial.matchId]);
	}, [initial.matchId]);

	const m = matches[initial.matchId] ?? initial;

	// Line-ups published, or a new kick-off time: the page's static parts are fetched again.
	const partsKey = `${m.lineupsId ?? ''}|${m.kickoffAt ?? ''}`;
	const firstParts = useRef(partsKey);
	useEffect(() => {
		if (partsKey === firstParts.current) return;
		firstParts.current = partsKey;
		void refreshParts(window.location.pathname, ['lineups', 'meta']);
	}, [partsKey]);
	const hidden = scoreHidden(spoiler, revealed, m.matchId);
	// In hide mode the timeline would give the score away: goals are hidden with it.
	const timeline = m.timeline.filter(
		(e) => isKnown(TIMELINE_LABEL_KEYS, e.type) && !(hidden && /goal/.test(String(e.type))),
	);
	const stats = Object.entries(m.stats ?? {}).filter(([k]) => isKnown(STAT_LABEL_KEYS, k));

	return (
		<div className="live-centre" data-testid="live-centre" data-match-id={m.matchId}>
			<Scoreboard
				board={board}
				meta={meta}
				live={{
					score: m.score,
					hidden,
					period: periodText(m, labels, now),
					playing: isLive(m.status),
					status: m.status,
					replay: m.isReplay,
					labels,
					onReveal: () => revealScore(m.matchId),
				}}
			/>
			{sections}
			<LiveStatus labels={labels} />
			{spoilerControl && <SpoilerControl labels={labels} />}
			<h2 id="overview">{labels.timelineTitle}</h2>
			{timeline.length === 0 ? (
				<p>{labels.noEvents}</p>
			) : (
				<ol className="live-timeline" data-testid="live-timeline">
					{timeline.map((e) => (
						<li
							key={e.id}
							className={`tl-${String(e.type)} tl-${String(e.side ?? 'none')}${e.review === true ? ' tl-review' : ''}`}
							data-review={e.review === true ? 'true' : undefined}
						>
							<span className="tl-minute">{entryMinute(e)}</span>{' '}
							<span className="tl-type">
								{e.review === true && e.type !== 'var'
									? labels.underReview.replace(
											'{event}',
											labels.events[e.type as keyof MatchCentreLabels['events']],
										)
									: labels.events[e.type as keyof MatchCentreLabels['events']]}
							</span>
							{typeof e.player === 'string' && e.player !== '' && <> {e.player}</>}
							{e.side === 'home' || e.side === 'away' ? (
								<> ({e.side === 'home' ? m.home.name : m.away.name})</>
							) : null}
						</li>
					))}
				</ol>
			)}
			{/* In hide mode the statistics would give goals away: left out with the score. */}
			{!hidden && <h2>{labels.statsTitle}</h2>}
			{hidden ? null : stats.length === 0 ? (
				<p className="live-meta" data-testid="no-stats">
					{labels.noStats}
				</p>
			) : (
				<table className="stat-bars" data-testid="live-stats">
					<tbody>
						{stats.map(([key, [home, away]]) => {
							// Each side's share of the pair; an all-zero pair draws two even grey bars.
							const share = home + away > 0 ? Math.round((home / (home + away)) * 100) : 50;
							return (
								<tr key={key}>
									<td>{home}</td>
									<th scope="row">
										{labels.stats[key as keyof MatchCentreLabels['stats']]}
										{/* SVG, not inline styles: the page's CSP allows no style attributes. */}
										<svg
											className="stat-bar"
											viewBox="0 0 100 4"
											preserveAspectRatio="none"
											aria-hidden="true"
										>
											<rect
												className={home >= away ? 'lead' : undefined}
												width={Math.max(share - 1, 0)}
												height="4"
												rx="2"
											/>
											<rect
												className={away >= home ? 'lead' : undefined}
												x={share + 1}
												width={Math.max(99 - share, 0)}
												height="4"
												rx="2"
											/>
										</svg>
									</th>
									<td>{away}</td>
								</tr>
							);
						})}
					</tbody>
				</table>
			)}
			<LiveAnnouncer labels={labels} only={only} />
		</div>
	);
}
