/**
 * The match centre's one scoreboard: crests, names, score, status and the kick-off line.
 * Markup only (no hooks, no stores): the match page renders it statically (no JavaScript)
 * for a finished or future match, and LiveMatchCentre renders it with `live` set while the
 * match is played, so there is one scoreboard either way and the live one cannot disagree
 * with a second, static one.
 */
import type { ReactNode } from 'react';
import type { LiveLabels } from '~/lib/live/labels';
import type { ScoreboardModel, ScoreboardTeam } from '~/lib/scoreboard';
import './scoreboard.css';

export interface ScoreboardLive {
	score: { home: number; away: number } | null;
	/** Spoiler-safe mode: the score is hidden until revealed. */
	hidden: boolean;
	/** "67'", "HT", "Not started". */
	period: string;
	/** In play (the live styling); a followed match before kick-off or after is not. */
	playing: boolean;
	/** The status the stream last said (`live`, `postponed`…): tests and styles read it. */
	status: string;
	replay: boolean;
	labels: Pick<LiveLabels, 'replay' | 'replayNote' | 'hiddenScore' | 'reveal'>;
	onReveal: () => void;
}

export interface ScoreboardProps {
	board: ScoreboardModel;
	/** Set while the match is played (by LiveMatchCentre). */
	live?: ScoreboardLive;
	/**
	 * The kick-off, half-time and venue line: static HTML from the page (an Astro slot), as
	 * its times are rewritten into the visitor's zone by a script React must not fight.
	 */
	meta?: ReactNode;
}

function Team({ team, side }: { team: ScoreboardTeam; side: 'home' | 'away' }) {
	return (
		<a className={`sb-team ${side}`} href={team.href} title={team.name}>
			<img
				className="crest sb-crest"
				src={team.crest}
				width={48}
				height={48}
				alt=""
				decoding="async"
			/>
			<span className="sb-name">{team.name}</span>
		</a>
	);
}

function Score({ board, live }: Pick<ScoreboardProps, 'board' | 'live'>) {
	if (live) {
		return (
			<span className="sb-score" data-testid="live-score" aria-hidden={live.hidden || undefined}>
				{live.hidden ? '–' : live.score ? `${live.score.home}–${live.score.away}` : board.versus}
			</span>
		);
	}
	if (!board.score) return <span className="sb-score sb-versus">{board.versus}</span>;
	return (
		<span className="sb-score" data-testid="score">
			<span className="sb-nums">{`${board.score.home}–${board.score.away}`}</span>
			{board.notes.map((n) => (
				<small key={n}>{n}</small>
			))}
		</span>
	);
}

export default function Scoreboard({ board, live, meta }: ScoreboardProps) {
	const replay = live ? live.replay : board.replay;
	return (
		<section
			className={`scoreboard${live?.playing ? ' is-live' : ''}`}
			aria-labelledby="match-title"
			data-testid="scoreboard"
			data-match-id={board.matchId}
			data-status={board.code}
			data-live-status={live ? live.status : undefined}
		>
			<h1 id="match-title" className="sb-teams">
				<Team team={board.home} side="home" />
				<Score board={board} live={live} />
				{live?.hidden && <span className="visually-hidden">{live.labels.hiddenScore}</span>}
				<Team team={board.away} side="away" />
			</h1>
			{/* Not a paragraph: a row of badges, and bold, so read as a heading if it were one. */}
			<div className="sb-status">
				{replay && live && (
					<span className="badge-replay" data-testid="replay-badge" title={live.labels.replayNote}>
						{live.labels.replay}
					</span>
				)}
				{live ? (
					// The clock moves between the server's render and hydration: the browser's
					// minute replaces the server's without a hydration error.
					<span className="live-minute" data-testid="live-minute" suppressHydrationWarning>
						{live.period}
					</span>
				) : (
					board.status && <span className={`sb-state status-${board.code}`}>{board.status}</span>
				)}
				{live?.hidden && (
					<button type="button" data-testid="reveal" onClick={live.onReveal}>
						{live.labels.reveal}
					</button>
				)}
			</div>
			{meta}
			{replay && live && <p className="sb-note">{live.labels.replayNote}</p>}
		</section>
	);
}
