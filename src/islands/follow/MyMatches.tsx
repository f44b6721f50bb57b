import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useState } from 'react';
import type { FollowedMatch } from '~/lib/follows';
import { dateTimeFormat } from '~/lib/intl';
import { followsLive } from '~/lib/live/follow-window';
import { $follows, loadFollows } from '~/stores/follows';
import { $liveMatches, minuteText, watchMatches } from '~/stores/live';
import { useNow } from '../live/LiveStatus';
import { $revealed, $spoiler, scoreHidden } from '~/stores/spoiler';
import './follow.css';
import type { MyMatchesLabels } from '~/lib/follow-labels';

export type { MyMatchesLabels };

type Load =
	| { state: 'loading' }
	| { state: 'error' }
	| { state: 'done'; next: FollowedMatch[]; recent: FollowedMatch[] };

/**
 * "My matches" at the top of home: the page is shared and cached, the list is filled in here
 * from the visitor's follows (the public /api/follows/matches answers for any list).
 */
export default function MyMatches({
	locale,
	tag,
	labels,
}: {
	locale: string;
	tag: string;
	labels: MyMatchesLabels;
}) {
	const follows = useStore($follows);
	const spoiler = useStore($spoiler);
	const revealed = useStore($revealed);
	const [load, setLoad] = useState<Load>({ state: 'loading' });
	useEffect(() => {
		void loadFollows();
	}, []);
	const query = follows.list.map((f) => `${f.kind}:${f.id}`).join(',');
	useEffect(() => {
		if (!follows.ready || query === '') return;
		let live = true;
		setLoad({ state: 'loading' });
		fetch(`/api/follows/matches?f=${query}`)
			.then(async (r) => {
				if (!r.ok) throw new Error(String(r.status));
				const body = (await r.json()) as {
					data: { next: FollowedMatch[]; recent: FollowedMatch[] };
				};
				if (live) setLoad({ state: 'done', ...body.data });
			})
			.catch(() => live && setLoad({ state: 'error' }));
		return () => {
			live = false;
		};
	}, [follows.ready, query]);

	// The followed matches around their kick-off follow the live stream: the minute runs from
	// the match clock, and kick-off, goals and full time show without a reload.
	const liveIds = useMemo(() => {
		if (load.state !== 'done') return '';
		const now = new Date();
		return [...load.next, ...load.recent]
			.filter((m) => followsLive({ status: m.status, kickoffAt: new Date(m.kickoffAt) }, now))
			.map((m) => String(m.id))
			.join(',');
	}, [load]);
	useEffect(() => (liveIds === '' ? undefined : watchMatches(liveIds.split(','))), [liveIds]);
	const states = useStore($liveMatches);
	const now = useNow();

	const time = dateTimeFormat(tag, {
		weekday: 'short',
		day: 'numeric',
		month: 'short',
		hour: '2-digit',
		minute: '2-digit',
	});
	const day = dateTimeFormat(tag, { weekday: 'short', day: 'numeric', month: 'short' });
	const row = (fetched: FollowedMatch) => {
		const hidden = scoreHidden(spoiler, revealed, String(fetched.id));
		const state = states[String(fetched.id)];
		const m: FollowedMatch = state
			? {
					...fetched,
					status: state.status,
					score: state.score ? [state.score.home, state.score.away] : fetched.score,
				}
			: fetched;
		const clock = state
			? minuteText(state, { halfTime: labels.halfTime, finished: labels.fullTime }, now)
			: fetched.minute === null
				? ''
				: `${fetched.minute}'`;
		const status =
			m.status === 'live'
				? `${labels.live}${clock === '' ? '' : ` ${clock}`}`
				: m.status === 'half_time'
					? labels.halfTime
					: m.status.startsWith('finished')
						? `${day.format(new Date(m.kickoffAt))} · ${labels.fullTime}`
						: (m.kickoffTimeKnown ? time : day).format(new Date(m.kickoffAt));
		return (
			<li key={m.id}>
				<a href={`/${locale}${m.path}`}>
					<span className="my-when">{status}</span>
					<span className="my-teams">
						{m.home}
						<span className="my-score">
							{m.score && !hidden ? ` ${m.score[0]} – ${m.score[1]} ` : ' – '}
						</span>
						{m.away}
					</span>
					<small className="my-comp">{m.competition}</small>
				</a>
			</li>
		);
	};

	return (
		<section
			id="my-matches"
			className="my-matches"
			aria-labelledby="my-matches-h"
			data-testid="my-matches"
		>
			<h2 id="my-matches-h">{labels.title}</h2>
			{/* Before the follows are read (the server's HTML, no JavaScript) the box says what a
			    visitor without follows sees: most visitors, so their box does not change size
			    when the island starts (a layout shift on the home page). */}
			{query === '' ? (
				<p className="follow-muted">{labels.empty}</p>
			) : load.state === 'loading' ? (
				<p className="follow-muted">{labels.loading}</p>
			) : load.state === 'error' ? (
				<p role="alert">{labels.error}</p>
			) : (
				<>
					{load.next.length > 0 && (
						<>
							<h3>{labels.next}</h3>
							<ul className="my-list">{load.next.map(row)}</ul>
						</>
					)}
					{load.recent.length > 0 && (
						<>
							<h3>{labels.recent}</h3>
							<ul className="my-list">{load.recent.map(row)}</ul>
						</>
					)}
				</>
			)}
		</section>
	);
}
