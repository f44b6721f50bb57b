/**
 * LiveGames: the three live games of a match on the match centre (free, for points only).
 * Each game is a radio group; the points a correct pick earns now, suspension countdowns and
 * results come from the live stream's `game` messages ($liveGames via $games), the running
 * minute from $liveMatches. Guests see everything and get a login link back to the match.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import type { GamesLabels } from '~/lib/games/labels';
import { type Pick, pointsAtStake } from '~/lib/games/rules';
import { clockNumber } from '~/lib/live/clock';
import {
	$games,
	followGames,
	type GameView,
	loadBoard,
	loadGames,
	loadPicks,
	type MyPick,
	sendPick,
} from '~/stores/games';
import { $liveMatches, serverNow, watchMatches } from '~/stores/live';
import { useNow } from '../live/LiveStatus';
import './games.css';

export interface LiveGamesProps {
	matchId: string;
	labels: GamesLabels;
	/** The login page, with this match as the place to come back to. */
	loginHref: string;
	home: string;
	away: string;
}

const fill = (text: string, values: Record<string, string | number>) =>
	text.replace(/\{(\w+)\}/g, (m, k: string) => (values[k] === undefined ? m : String(values[k])));

function optionText(p: Pick, labels: GamesLabels, home: string, away: string): string {
	if (p === 'home') return home;
	if (p === 'away') return away;
	return labels.options[p];
}

/** An incident suspension ends on the visitor's screen when its countdown does. */
function effective(g: GameView, now: number): GameView {
	if (g.status !== 'suspended' || g.suspension !== 'incident') return g;
	return g.suspendedUntil !== null && g.suspendedUntil <= now
		? { ...g, status: 'open', suspension: null }
		: g;
}

function stateLine(g: GameView, labels: GamesLabels, now: number): string | null {
	if (g.status === 'suspended') {
		if (g.suspension === 'stale') return labels.stale;
		if (g.suspension === 'regular_time_over') return labels.closed;
		const left = g.suspendedUntil === null ? 0 : Math.ceil((g.suspendedUntil - now) / 1000);
		return fill(labels.suspended, { n: Math.max(0, left) });
	}
	return null;
}

function outcomeLine(pick: MyPick | undefined, labels: GamesLabels): string | null {
	if (!pick?.outcome) return null;
	if (pick.outcome === 'won') return fill(labels.won, { n: pick.points ?? 0 });
	if (pick.outcome === 'lost') return labels.lost;
	return labels.returned;
}

export default function LiveGames({ matchId, labels, loginHref, home, away }: LiveGamesProps) {
	const state = useStore($games);
	const match = useStore($liveMatches)[matchId];
	const now = useNow();
	const [announce, setAnnounce] = useState('');

	useEffect(() => {
		const stopWatching = watchMatches([matchId]);
		const stopFollowing = followGames(matchId);
		// The standings so far, from the start: empty until a game is settled (said so).
		void loadGames(matchId).then(() => {
			const games = $games.get().games;
			if (games.length > 0) void loadBoard(matchId, games[0]?.replay ?? false);
		});
		void loadPicks(matchId);
		return () => {
			stopFollowing();
			stopWatching();
		};
	}, [matchId]);

	// Results are read out politely, once, when they arrive.
	const settledKey = state.games
		.filter((g) => g.status === 'settled' || g.status === 'void')
		.map((g) => `${g.id}:${g.result ?? g.voidReason}`)
		.join(',');
	useEffect(() => {
		if (!settledKey) return;
		const text = $games
			.get()
			.games.filter((g) => g.status === 'settled')
			.map((g) => `${labels.kinds[g.kind]}: ${optionText(g.result as Pick, labels, home, away)}`)
			.join('. ');
		setAnnounce(text);
	}, [settledKey, labels, home, away]);

	const minute = match ? clockNumber(match, serverNow(now)) : null;
	const worth = pointsAtStake(minute);
	const replay = state.games[0]?.replay ?? false;
	const guest = state.signedIn === false;

	// Until the games arrive (they load here, not on the server): an empty anchor, so that
	// `client:visible` has an element to watch and hydrates when the visitor scrolls to it.
	if (state.games.length === 0) return <div className="games-slot" />;
	return (
		<section className="games" id="games" aria-labelledby="games-h" data-testid="live-games">
			<h2 id="games-h">{labels.title}</h2>
			<p className="games__free">{labels.free}</p>
			{replay && (
				<p className="games__replay" data-testid="games-replay">
					{labels.replay}
				</p>
			)}
			{guest && (
				<p className="games__login" data-testid="games-login">
					{labels.loginNote} <a href={loginHref}>{labels.login}</a>
				</p>
			)}
			<div className="games__list">
				{state.games.map((shown) => {
					const g = effective(shown, now);
					const mine = state.picks[g.id];
					const open = g.status === 'open';
					const line = stateLine(g, labels, now);
					const problem = state.problem?.gameId === g.id ? state.problem.code : null;
					return (
						<fieldset
							key={g.id}
							className={`game game--${g.status}`}
							data-testid={`game-${g.kind}`}
							data-status={g.status}
							disabled={!open || guest}
						>
							<legend>{labels.kinds[g.kind]}</legend>
							<p className="game__help">{labels.help[g.kind]}</p>
							<div className="game__options">
								{g.options.map((o) => {
									// Ruled out by the match so far ("No goal" after a goal): no pick.
									const closed = g.closed.includes(o);
									return (
										<label
											key={o}
											className={`game__option${closed ? ' game__option--closed' : ''}`}
										>
											<input
												type="radio"
												name={`game-${g.id}`}
												value={o}
												disabled={closed}
												checked={(state.pending[g.id] ?? mine?.pick) === o}
												onChange={() => void sendPick(matchId, g.id, o)}
											/>
											<span>{optionText(o, labels, home, away)}</span>
											{closed && (
												<small className="game__closed" data-testid="option-closed">
													{labels.optionClosed}
												</small>
											)}
										</label>
									);
								})}
							</div>
							{open && (
								<p className="game__worth" data-testid="game-worth">
									{fill(labels.worthNow, { n: worth })}
								</p>
							)}
							{mine && (
								<p className="game__mine" data-testid="game-mine">
									{fill(labels.yourPick, {
										pick: optionText(mine.pick, labels, home, away),
										n: mine.pointsAtStake,
									})}
								</p>
							)}
							{line && (
								<p className="game__state" data-testid="game-suspended">
									{line}
								</p>
							)}
							{g.status === 'settled' && g.result && (
								<p className="game__result" data-testid="game-result">
									{fill(labels.result, { result: optionText(g.result, labels, home, away) })}
									{g.corrected && <span className="game__corrected"> · {labels.corrected}</span>}
								</p>
							)}
							{g.status === 'void' && (
								<p className="game__result" data-testid="game-result">
									{labels.voidReasons[g.voidReason ?? ''] ?? labels.voided}
									{g.corrected && <span className="game__corrected"> · {labels.corrected}</span>}
								</p>
							)}
							{outcomeLine(mine, labels) && (
								<p className="game__outcome" data-testid="game-outcome">
									{outcomeLine(mine, labels)}
								</p>
							)}
							{problem && (
								<p className="game__problem" role="alert">
									{labels.problems[problem] ?? labels.problems.unknown}
								</p>
							)}
						</fieldset>
					);
				})}
			</div>
			<p className="games__formula">{labels.formula}</p>
			{
				<div className="games__board" data-testid="games-board">
					<h3>{labels.board}</h3>
					{state.board.length === 0 ? (
						<p>{labels.boardEmpty}</p>
					) : (
						<table>
							<thead>
								<tr>
									<th scope="col">{labels.rank}</th>
									<th scope="col">{labels.player}</th>
									<th scope="col">{labels.points}</th>
								</tr>
							</thead>
							<tbody>
								{state.board.map((r) => (
									<tr key={r.rank} className={r.me ? 'me' : undefined}>
										<td>{r.rank}</td>
										<td>
											{r.name}
											{r.me && <span className="games__you"> ({labels.you})</span>}
										</td>
										<td>{r.points}</td>
									</tr>
								))}
							</tbody>
						</table>
					)}
				</div>
			}
			<p className="visually-hidden" aria-live="polite" aria-atomic="true" role="status">
				{announce}
			</p>
		</section>
	);
}
