/**
 * LiveLeagueTable: a league table whose positions move as goals go in (/league/{id}).
 *
 * Props (the league page owner drops it in with `client:load`):
 * - `rows`: the server's table of finished matches, in the server's order (the
 *   `StandingsRow`s of `getStandings`, shape in `src/lib/standings.ts`).
 * - `fixtures` and `initial`: from `getLiveLeagueTable(seasonId)` in
 *   `src/server/live/page.ts`: the table's matches in play or starting soon (not counted in
 *   `rows`) and their current live state.
 * - `labels`: `leagueTableLabels(Astro.locals.t)` from `src/server/live/labels.ts`.
 * - `caption` (optional): the group or table name.
 *
 * When no fixture is in play the island renders the plain table and opens no stream.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useMemo } from 'react';
import { seedMatches, watchMatches, type LiveMatchState } from '~/stores/live';
import { $revealed, $spoiler } from '~/stores/spoiler';
import type { LeagueTableLabels } from '~/lib/live/labels';
import type { StandingsRow } from '~/lib/standings';
import { liveTable, type TableFixture } from '~/lib/live/league-table';
import { LiveAnnouncer, LiveStatus } from './LiveStatus';
import { useLiveMatches } from './useLiveMatches';
import './live.css';

export type { TableFixture } from '~/lib/live/league-table';
export type { LeagueTableLabels } from '~/lib/live/labels';

export interface LiveLeagueTableProps {
	rows: StandingsRow[];
	fixtures: TableFixture[];
	initial: LiveMatchState[];
	labels: LeagueTableLabels;
	caption?: string;
}

export default function LiveLeagueTable({
	rows,
	fixtures,
	initial,
	labels,
	caption,
}: LiveLeagueTableProps) {
	// With the server's snapshot, the first paint already shows the live table.
	const matches = useLiveMatches(initial);
	const spoiler = useStore($spoiler);
	const revealed = useStore($revealed);
	const ids = useMemo(() => fixtures.map((f) => f.matchId), [fixtures]);
	const only = useMemo(() => new Set(ids), [ids]);

	// biome-ignore lint/correctness/useExhaustiveDependencies: subscribe again only when the set of watched matches changes, not for each new props object
	useEffect(() => {
		if (ids.length === 0) return undefined;
		seedMatches(initial);
		return watchMatches(ids);
	}, [ids.join(',')]);

	// Spoiler-safe "hide" mode: the table would give scores away, so it stays as the server
	// sent it unless every fixture in it has been revealed.
	const frozen = spoiler.mode === 'hide' && ids.some((id) => !revealed.has(id));
	const table = liveTable(rows, frozen ? [] : fixtures, matches);

	return (
		// A scrolling box a keyboard must reach (tabIndex), named like the table it holds.
		<section
			className="live-table"
			data-testid="live-table"
			aria-label={caption ?? labels.tableTitle}
			tabIndex={0}
		>
			{ids.length > 0 && (
				<>
					<p className="live-note">{labels.liveNote}</p>
					<LiveStatus labels={labels} />
				</>
			)}
			<table>
				{caption && <caption>{caption}</caption>}
				<thead>
					<tr>
						<th scope="col">{labels.position}</th>
						<th scope="col">{labels.team}</th>
						<th scope="col">{labels.played}</th>
						<th scope="col">{labels.won}</th>
						<th scope="col">{labels.drawn}</th>
						<th scope="col">{labels.lost}</th>
						<th scope="col">{labels.goalDifference}</th>
						<th scope="col">{labels.points}</th>
					</tr>
				</thead>
				<tbody>
					{table.map((r) => {
						const move = r.basePosition - r.position;
						return (
							<tr
								key={r.team.id}
								data-team-id={r.team.id}
								className={r.playing ? 'playing' : undefined}
							>
								<td>
									{r.position}
									{move > 0 && (
										<span className="move-up" title={labels.movedUp}>
											{' '}
											▲
										</span>
									)}
									{move < 0 && (
										<span className="move-down" title={labels.movedDown}>
											{' '}
											▼
										</span>
									)}
								</td>
								<th scope="row">
									{r.team.name}
									{r.playing && (
										<span className="live-dot" title={labels.playingNow}>
											{' '}
											●
										</span>
									)}
								</th>
								<td>{r.played}</td>
								<td>{r.won}</td>
								<td>{r.drawn}</td>
								<td>{r.lost}</td>
								<td>{r.goalDifference > 0 ? `+${r.goalDifference}` : r.goalDifference}</td>
								<td>{r.points}</td>
							</tr>
						);
					})}
				</tbody>
			</table>
			{!frozen && <LiveAnnouncer labels={labels} only={only} />}
		</section>
	);
}
