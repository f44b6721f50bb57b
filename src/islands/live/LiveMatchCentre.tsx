/**
 * LiveMatchCentre: the live part of the match page (/match/{id}).
 *
 * Props (the match page owner drops it in with `client:load`):
 * - `initial`: the match as the server knows it now, a `LiveMatchState`. Build it on the
 *   server with `getLiveMatchCentre(id)` from `src/server/live/page.ts` (null when the match
 *   does not exist: then do not render the island).
 * - `labels`: `matchCentreLabels(Astro.locals.t)` from `src/server/live/labels.ts`.
 * - `spoilerControl` (default true): show the spoiler-safe mode switch here; pass false
 *   when the page renders `SpoilerControl` elsewhere.
 *
 * It shows the score (hidden in spoiler-safe mode until revealed), the running minute or
 * period, the replay label, the timeline (goals, cards, substitutions, periods), the
 * statistics when the feed knows any, the data age / offline state, and announces goals
 * and red cards of this match politely to screen readers.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useMemo } from 'react';
import { $liveMatches, seedMatches, watchMatches, type LiveMatchState } from '~/stores/live';
import { $revealed, $spoiler, revealScore, scoreHidden } from '~/stores/spoiler';
import { STAT_LABEL_KEYS, TIMELINE_LABEL_KEYS, type MatchCentreLabels } from '~/lib/live/labels';
import { minuteText } from './LiveScoresList';
import { LiveAnnouncer, LiveStatus, useNow } from './LiveStatus';
import SpoilerControl from './SpoilerControl';
import './live.css';

export type { MatchCentreLabels } from '~/lib/live/labels';

export interface LiveMatchCentreProps {
	initial: LiveMatchState;
	labels: MatchCentreLabels;
	spoilerControl?: boolean;
}

type Entry = LiveMatchState['timeline'][number];

function periodText(m: LiveMatchState, labels: MatchCentreLabels, now: number): string {
	if (m.status === 'scheduled') return labels.notStarted;
	if (m.status === 'finished_aet') return labels.afterExtraTime;
	if (m.status === 'finished_pen') return labels.afterPenalties;
	return minuteText(m, labels, now);
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
	const hidden = scoreHidden(spoiler, revealed, m.matchId);
	// In hide mode the timeline would give the score away: goals are hidden with it.
	const timeline = m.timeline.filter(
		(e) => isKnown(TIMELINE_LABEL_KEYS, e.type) && !(hidden && /goal/.test(String(e.type))),
	);
	const stats = Object.entries(m.stats ?? {}).filter(([k]) => isKnown(STAT_LABEL_KEYS, k));

	return (
		<section className="live-centre" data-testid="live-centre" data-match-id={m.matchId}>
			{m.isReplay && (
				<p className="badge-replay" data-testid="replay-badge">
					<strong>{labels.replay}</strong> {labels.replayNote}
				</p>
			)}
			<div className="live-centre-score">
				<span className="team home">{m.home.name}</span>{' '}
				<strong data-testid="live-score" aria-hidden={hidden || undefined}>
					{hidden ? '–' : m.score ? `${m.score.home}–${m.score.away}` : '–'}
				</strong>
				{hidden && <span className="visually-hidden">{labels.hiddenScore}</span>}{' '}
				<span className="team away">{m.away.name}</span>{' '}
				<span className="live-minute" data-testid="live-minute">
					{periodText(m, labels, now)}
				</span>
				{hidden && (
					<button type="button" data-testid="reveal" onClick={() => revealScore(m.matchId)}>
						{labels.reveal}
					</button>
				)}
			</div>
			<LiveStatus labels={labels} />
			{spoilerControl && <SpoilerControl labels={labels} />}
			<h2>{labels.timelineTitle}</h2>
			{timeline.length === 0 ? (
				<p>{labels.noEvents}</p>
			) : (
				<ol className="live-timeline" data-testid="live-timeline">
					{timeline.map((e) => (
						<li key={e.id} className={`tl-${String(e.type)} tl-${String(e.side ?? 'none')}`}>
							<span className="tl-minute">{entryMinute(e)}</span>{' '}
							<span className="tl-type">
								{labels.events[e.type as keyof MatchCentreLabels['events']]}
							</span>
							{typeof e.player === 'string' && e.player !== '' && <> {e.player}</>}
							{e.side === 'home' || e.side === 'away' ? (
								<> ({e.side === 'home' ? m.home.name : m.away.name})</>
							) : null}
						</li>
					))}
				</ol>
			)}
			{stats.length > 0 && !hidden && (
				<>
					<h2>{labels.statsTitle}</h2>
					<table className="live-stats" data-testid="live-stats">
						<tbody>
							{stats.map(([key, [home, away]]) => (
								<tr key={key}>
									<td>{home}</td>
									<th scope="row">{labels.stats[key as keyof MatchCentreLabels['stats']]}</th>
									<td>{away}</td>
								</tr>
							))}
						</tbody>
					</table>
				</>
			)}
			<LiveAnnouncer labels={labels} only={only} />
		</section>
	);
}
