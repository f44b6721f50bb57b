import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import {
	$announcement,
	$lastUpdate,
	$liveConnection,
	$liveMatches,
	seedMatches,
	watchMatches,
	type LiveMatchState,
} from '../../stores/live';
import { $spoiler, setSpoiler } from '../../stores/spoiler';

/** Already-translated strings (server side: `live:*` keys). `{n}` is replaced by seconds. */
export interface LiveLabels {
	title: string;
	empty: string;
	replay: string;
	replayNote: string;
	halfTime: string;
	finished: string;
	ageSeconds: string;
	ageUnknown: string;
	offline: string;
	connecting: string;
	reveal: string;
	spoilerLabel: string;
	spoilerOff: string;
	spoilerHide: string;
	spoilerDelay: string;
}

export interface LiveScoresListProps {
	/** Server-rendered snapshot for the first paint. */
	initial: LiveMatchState[];
	/** Matches to follow; null follows every live match. */
	matchIds: string[] | null;
	/** Link to a match page; `{id}` is replaced (e.g. "/en/match/{id}"). */
	matchHref: string;
	labels: LiveLabels;
}

function minuteText(m: LiveMatchState, labels: LiveLabels): string {
	if (m.status === 'half_time') return labels.halfTime;
	if (m.status.startsWith('finished')) return labels.finished;
	return m.minute !== null ? `${m.minute}'` : '';
}

/** The live scores list (home page, /live-matches): one row per match, updated as it happens. */
export default function LiveScoresList({ initial, matchIds, matchHref, labels }: LiveScoresListProps) {
	const matches = useStore($liveMatches);
	const connection = useStore($liveConnection);
	const lastUpdate = useStore($lastUpdate);
	const announcement = useStore($announcement);
	const spoiler = useStore($spoiler);
	const [revealed, setRevealed] = useState<Set<string>>(new Set());
	const [now, setNow] = useState(() => Date.now());

	useEffect(() => {
		seedMatches(initial);
		const stop = watchMatches(matchIds);
		const timer = setInterval(() => setNow(Date.now()), 1000);
		return () => {
			stop();
			clearInterval(timer);
		};
	}, []);

	const wanted = matchIds ?? Object.keys(matches);
	const rows = wanted
		.map((id) => matches[id])
		.filter((m): m is LiveMatchState => Boolean(m))
		.filter((m) => matchIds !== null || m.status === 'live' || m.status === 'half_time');
	const age = lastUpdate ? Math.max(0, Math.round((now - lastUpdate) / 1000)) : null;

	return (
		<section className="live-list" aria-labelledby="live-list-title">
			<h2 id="live-list-title">{labels.title}</h2>
			<p className="live-meta" data-testid="live-age">
				{connection === 'offline'
					? labels.offline
					: connection === 'connecting' && age === null
						? labels.connecting
						: age === null
							? labels.ageUnknown
							: labels.ageSeconds.replace('{n}', String(age))}
			</p>
			<label className="live-spoiler">
				{labels.spoilerLabel}{' '}
				<select
					value={spoiler.mode}
					onChange={(e) =>
						setSpoiler({ mode: e.target.value as 'off' | 'hide' | 'delay', delaySec: spoiler.delaySec || 30 })
					}
				>
					<option value="off">{labels.spoilerOff}</option>
					<option value="hide">{labels.spoilerHide}</option>
					<option value="delay">{labels.spoilerDelay}</option>
				</select>
				{spoiler.mode === 'delay' && (
					<input
						type="number"
						min={0}
						max={600}
						value={spoiler.delaySec}
						onChange={(e) => setSpoiler({ mode: 'delay', delaySec: Number(e.target.value) || 0 })}
					/>
				)}
			</label>
			{rows.length === 0 ? (
				<p>{labels.empty}</p>
			) : (
				<ul>
					{rows.map((m) => {
						const hidden = spoiler.mode === 'hide' && !revealed.has(m.matchId);
						return (
							<li key={m.matchId} data-match-id={m.matchId}>
								{m.isReplay && (
									<span className="badge-replay" title={labels.replayNote}>
										{labels.replay}
									</span>
								)}{' '}
								<a href={matchHref.replace('{id}', m.matchId)}>
									{m.home.name}{' '}
									<strong data-testid="live-score">
										{hidden ? '–' : `${m.score?.home ?? 0}–${m.score?.away ?? 0}`}
									</strong>{' '}
									{m.away.name}
								</a>{' '}
								<span className="live-minute">{minuteText(m, labels)}</span>
								{hidden && (
									<button type="button" onClick={() => setRevealed(new Set([...revealed, m.matchId]))}>
										{labels.reveal}
									</button>
								)}
							</li>
						);
					})}
				</ul>
			)}
			<p className="visually-hidden" aria-live="polite" role="status">
				{announcement}
			</p>
		</section>
	);
}
