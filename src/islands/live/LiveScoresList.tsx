import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import { crestUrl } from '~/lib/football/crest-url';
import { liveListRows } from '~/lib/live/list-rows';
import { minuteText, seedMatches, watchMatches, type LiveMatchState } from '~/stores/live';
import {
	$revealed,
	$spoiler,
	revealScore,
	scoreHidden,
	type SpoilerSettings,
} from '~/stores/spoiler';
import type { LiveLabels } from '~/lib/live/labels';
import { $watchMarks, wantWatchMarks, type WatchMarkState } from '~/stores/watch-marks';
import { Icon } from '../player/icons';
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
	/** "Play": a compact link to each match's live games (the match centre's #games). */
	playLabel?: string;
	/**
	 * Watch marks as drawn for everyone: the matches with a stream when the page was made,
	 * and the word ("Watch"). The browser then asks, for this visitor, which play and which
	 * need a plan (and about matches that got a stream since). Left out: no marks.
	 */
	watch?: { label: string; matchIds: string[] };
	/**
	 * Nothing live yet (today's home): show nothing until a match kicks off, rather than a
	 * "no live matches" box at the top of the page; the stream is open all the same.
	 */
	quietWhenEmpty?: boolean;
}

/** How long a row stays marked after its score changed (the CSS fades it out). */
const GOAL_FLASH_MS = 4000;

/** Ids of the rows whose score changed in the last few seconds, for a brief highlight. */
function useScoreChanges(rows: readonly LiveMatchState[], now: number): ReadonlySet<string> {
	const last = useRef(new Map<string, string>());
	const [changedAt, setChangedAt] = useState<Record<string, number>>({});
	useEffect(() => {
		const fresh: Record<string, number> = {};
		for (const m of rows) {
			const score = `${m.score?.home ?? 0}-${m.score?.away ?? 0}`;
			const before = last.current.get(m.matchId);
			if (before !== undefined && before !== score) fresh[m.matchId] = Date.now();
			last.current.set(m.matchId, score);
		}
		if (Object.keys(fresh).length > 0) setChangedAt((c) => ({ ...c, ...fresh }));
	}, [rows]);
	return new Set(
		Object.entries(changedAt)
			.filter(([, at]) => now - at < GOAL_FLASH_MS)
			.map(([id]) => id),
	);
}

/** Rows grouped by competition, in the order their first match appears (as the day list). */
export function groupByCompetition(
	rows: readonly LiveMatchState[],
): { key: string; name: string | null; matches: LiveMatchState[] }[] {
	const groups = new Map<string, { key: string; name: string | null; matches: LiveMatchState[] }>();
	for (const m of rows) {
		const key = m.competition ? String(m.competition.id) : '';
		const g = groups.get(key) ?? { key, name: m.competition?.name ?? null, matches: [] };
		g.matches.push(m);
		groups.set(key, g);
	}
	return [...groups.values()];
}

/**
 * A row's watch mark: "Watch" where this visitor may, else a lock and the plan that unlocks
 * the stream (the words come from the server); nothing for a match without a stream.
 */
function LiveWatchMark({
	id,
	watch,
	mark,
	href,
}: {
	id: string;
	watch: { label: string; matchIds: string[] };
	mark: WatchMarkState | undefined;
	href: string;
}) {
	if (!mark && !watch.matchIds.includes(id)) return null;
	const locked = mark ? !mark.allowed : false;
	return (
		<a
			className="live-watch"
			href={href}
			data-testid="watch-mark"
			data-state={mark ? (locked ? 'locked' : 'watch') : undefined}
		>
			<Icon name={locked ? 'lock' : 'play'} />
			<span>{mark?.label ?? watch.label}</span>
		</a>
	);
}

/** The live scores list (home page, /live-matches): one row per match, updated as it happens. */
export default function LiveScoresList({
	initial,
	matchIds,
	matchHref,
	labels,
	spoiler: serverSpoiler,
	playLabel,
	watch,
	quietWhenEmpty = false,
}: LiveScoresListProps) {
	const known = useLiveMatches(initial);
	const storedSpoiler = useStore($spoiler);
	// The browser's store reads the same setting (localStorage, kept with the cookie).
	const spoiler = typeof window === 'undefined' && serverSpoiler ? serverSpoiler : storedSpoiler;
	const revealed = useStore($revealed);
	const now = useNow();

	// biome-ignore lint/correctness/useExhaustiveDependencies: seed and subscribe once on mount; later props never replace the live store
	useEffect(() => {
		seedMatches(initial, labels.names);
		return watchMatches(matchIds);
	}, []);

	// Rows stay for the page's life once shown: a match that ends reads "FT" in place.
	const shown = useRef(new Set<string>());
	const rows = liveListRows(known, matchIds, shown.current);
	const changed = useScoreChanges(rows, now);
	const marks = useStore($watchMarks);
	const statuses = rows.map((m) => `${m.matchId}:${m.status}`).join(',');
	// biome-ignore lint/correctness/useExhaustiveDependencies: ask again only when the rows or their statuses change (a stream is attached at kick-off)
	useEffect(() => {
		if (watch) wantWatchMarks(rows.map((m) => ({ id: m.matchId, key: m.status })));
	}, [statuses]);

	if (rows.length === 0 && quietWhenEmpty) return <div className="live-list-quiet" hidden />;
	return (
		<section
			className={watch ? 'live-list live-list--watch' : 'live-list'}
			aria-labelledby="live-list-title"
		>
			<h2 id="live-list-title">{labels.title}</h2>
			<LiveStatus labels={labels} />
			<SpoilerControl labels={labels} />
			{rows.length === 0 ? (
				<p>{labels.empty}</p>
			) : (
				groupByCompetition(rows).map((group) => (
					<div className="live-group" key={group.key}>
						{group.name && <h3 className="live-group__name">{group.name}</h3>}
						<ul>
							{group.matches.map((m) => {
								const hidden = scoreHidden(spoiler, revealed, m.matchId);
								return (
									<li
										key={m.matchId}
										data-match-id={m.matchId}
										data-status={m.status}
										className={changed.has(m.matchId) && !hidden ? 'live-row goal' : 'live-row'}
									>
										{/* The clock moves between the server's render and hydration (a minute a
										    second in a replay): the text is the browser's, not a mismatch. */}
										<span className="live-minute" suppressHydrationWarning>
											{minuteText(m, labels, now)}
										</span>
										<a href={matchHref.replace('{id}', m.matchId)}>
											<span className="live-team home" title={m.home.name}>
												{m.home.name}
											</span>
											<img
												className="crest live-crest"
												src={crestUrl(m.home.id)}
												alt=""
												width="20"
												height="20"
											/>
											<strong data-testid="live-score" aria-hidden={hidden || undefined}>
												{hidden ? '–' : `${m.score?.home ?? 0}–${m.score?.away ?? 0}`}
											</strong>
											{hidden && <span className="visually-hidden">{labels.hiddenScore}</span>}
											<img
												className="crest live-crest"
												src={crestUrl(m.away.id)}
												alt=""
												width="20"
												height="20"
											/>
											<span className="live-team away" title={m.away.name}>
												{m.away.name}
											</span>
										</a>
										<span className="live-extra">
											{playLabel && (
												<a
													className="live-play"
													href={`${matchHref.replace('{id}', m.matchId)}#games`}
													aria-label={`${playLabel}: ${m.home.name} – ${m.away.name}`}
													data-testid="live-play"
												>
													{playLabel}
												</a>
											)}
											{m.isReplay && (
												<span
													className="badge-replay"
													title={labels.replayNote}
													data-testid="replay-badge"
												>
													{labels.replay}
												</span>
											)}
											{hidden && (
												<button
													type="button"
													data-testid="reveal"
													onClick={() => revealScore(m.matchId)}
												>
													{labels.reveal}
												</button>
											)}
										</span>
										{watch && (
											<LiveWatchMark
												id={m.matchId}
												watch={watch}
												mark={marks[m.matchId]}
												href={`${matchHref.replace('{id}', m.matchId)}#watch`}
											/>
										)}
									</li>
								);
							})}
						</ul>
					</div>
				))
			)}
			<LiveAnnouncer labels={labels} />
		</section>
	);
}
