import { useCallback, useEffect, useRef, useState } from 'react';
import { isLive } from '~/lib/football/match-status';
import {
	type ConsoleView,
	expectedVersion,
	newIdempotencyKey,
	type ScoringAction,
	type ScoringLabels,
} from '~/lib/cms/scoring';
import { mayMoveTo, NEXT_STATUSES, RESULT_CORRECTABLE } from '~/lib/football/match-transitions';
import { type ConsoleSquads, type HoldLabels, heldBy, isReviewable } from '~/lib/cms/hold';
import { type ConsoleIntent, type SafeLabels, UNDO_MS, undoOf } from '~/lib/cms/safe-actions';
import type { MatchStatus } from '~/lib/football/match-status';
import type { TimelineItem } from '~/lib/live/match-state';
import ConfirmButton from './ConfirmButton';
import ResultCorrection from './ResultCorrection';
import ScoringMore from './ScoringMore';

interface Props {
	matchId: string;
	me: string;
	initial: ConsoleView;
	labels: ScoringLabels;
	hold: HoldLabels;
	/** Names for the player fields' suggestions (line-up, else squad). */
	squads: ConsoleSquads;
	/** Confirm step, undo toast and result correction (`cmssafe:*`). */
	safe: SafeLabels;
	/** May correct the result of a match that is over (editors and admins). */
	corrects: boolean;
}

/** The undo a completed action offers until `until` (ms since the epoch). */
type Undo = { text: string; intent: ConsoleIntent; until: number };

type Notice = { kind: 'ok' | 'error' | 'conflict'; text: string } | null;

const fill = (text: string, vars: Record<string, string | number>) =>
	text.replace(/\{(\w+)\}/g, (m, k: string) => (k in vars ? String(vars[k]) : m));

const LEASE_RENEW_MS = 30_000;
const RETRY_MS = 5_000;
let seq = 0;

/** The 409 codes of the match state machine and the scoring window (server/live/rules.ts). */
const RULE_CODES = new Set([
	'transition_not_allowed',
	'not_in_play',
	'match_over',
	'outside_scoring_window',
]);

/**
 * The scorer's console for one match. Every button is a real button (keyboard and touch
 * alike). Actions go out one at a time, in order, each carrying the version it expects and
 * an Idempotency-Key made once per click; while offline they wait in a queue shown as
 * pending. A send whose answer never came is sent again with the same key, so the server
 * answers it as recorded instead of recording it twice. A 409 (stale version, another
 * scorer holding the match, a move the match's state does not allow) drops that action,
 * says so, and offers a refresh: nothing is applied to a state the scorer has not seen.
 * Only the status changes the state machine allows are offered; destructive ones ask in
 * place first (ConfirmButton), and a deletion or a postponement can be undone for a few
 * seconds through the server's own rules (safe-actions.ts). A match that is over shows an
 * editor the result correction, a scorer who may correct it.
 */
export default function ScoringConsole({
	matchId,
	me,
	initial,
	labels,
	hold,
	squads,
	safe,
	corrects,
}: Props) {
	const [view, setView] = useState(initial);
	const [queue, setQueue] = useState<ScoringAction[]>([]);
	const [online, setOnline] = useState(true);
	const [notice, setNotice] = useState<Notice>(null);
	const [minute, setMinute] = useState(String(initial.match.minute ?? 0));
	const [added, setAdded] = useState('');
	const [player, setPlayer] = useState('');
	const [review, setReview] = useState(false);
	const [editing, setEditing] = useState<{ id: number; minute: string; player: string } | null>(
		null,
	);
	const [undo, setUndo] = useState<Undo | null>(null);
	const [, setTick] = useState(0);
	const sending = useRef(false);
	/** The match version this console last saw (what the next queued action expects). */
	const known = useRef(initial.match.version);
	const base = `/api/cms/matches/${matchId}`;
	const { match, lease } = view;

	const refresh = useCallback(async () => {
		const r = await fetch(base, { headers: { accept: 'application/json' } });
		if (!r.ok) return;
		const body = (await r.json()) as { data: ConsoleView };
		known.current = body.data.match.version;
		setView(body.data);
	}, [base]);

	// Sends the head of the queue; the next one goes when it is answered.
	useEffect(() => {
		const next = queue[0];
		if (!next || !online || sending.current) return;
		sending.current = true;
		fetch(`${base}${next.path}`, {
			method: next.method,
			headers: {
				'content-type': 'application/json',
				accept: 'application/json',
				'idempotency-key': next.idempotencyKey,
			},
			body: JSON.stringify(next.body),
		})
			.then(async (r) => {
				const answer = (await r.json().catch(() => ({}))) as {
					data?: { version?: number };
					error?: string;
					message?: string;
					holder?: string;
					matchStatus?: string;
				};
				// Free before the queue changes, so the effect that change runs sends the next.
				sending.current = false;
				if (r.status === 201) {
					// The new version first, with the queue's head gone in the same render, so
					// an action queued meanwhile expects the right version; then the timeline.
					const version = answer.data?.version;
					if (typeof version === 'number') {
						known.current = version;
						setView((v) => ({ ...v, match: { ...v.match, version } }));
					}
					setQueue((q) => q.slice(1));
					// A repeat of a send whose answer was lost: recorded once, the first time.
					const again = r.headers.get('idempotent-replayed') === 'true';
					setNotice({ kind: 'ok', text: again ? labels.savedRetry : labels.saved });
					// A deletion or a postponement may be taken back for a few seconds.
					// A deletion's label is "Delete Goal": the toast and the undo name the goal.
					const what = next.label.replace(`${labels.delete} `, '');
					const back = undoOf(next, {
						undo: `${safe['undo.button']}: ${what}`,
						restore: labels.restore,
					});
					if (back)
						setUndo({
							intent: back.intent,
							until: Date.now() + UNDO_MS,
							text:
								back.kind === 'deleted'
									? fill(safe['undo.deleted'], { what })
									: safe['undo.postponed'],
						});
					void refresh();
					return;
				}
				if (r.status === 409) {
					setNotice({
						kind: 'conflict',
						text:
							answer.error === 'lease_held'
								? fill(labels.leaseHeld, { email: answer.holder ?? '' })
								: answer.error === 'on_hold'
									? hold.refused
									: RULE_CODES.has(answer.error ?? '')
										? fill(labels.notAllowed, {
												status:
													labels.statuses[answer.matchStatus ?? ''] ?? answer.matchStatus ?? '',
											})
										: labels.conflict,
					});
				} else {
					setNotice({
						kind: 'error',
						text: fill(labels.failed, { message: answer.message ?? String(r.status) }),
					});
				}
				setQueue((q) => q.slice(1));
			})
			.catch(() => {
				// The network failed: keep the action at the head of the queue for later.
				sending.current = false;
				setOnline(false);
			});
	}, [queue, online, base, labels, hold, safe, refresh]);

	// The undo toast counts down each second and goes when its time is up.
	useEffect(() => {
		if (!undo) return;
		const timer = setInterval(() => {
			if (Date.now() >= undo.until) setUndo(null);
			else setTick((n) => n + 1);
		}, 1000);
		return () => clearInterval(timer);
	}, [undo]);

	useEffect(() => {
		const up = () => setOnline(true);
		const down = () => setOnline(false);
		setOnline(navigator.onLine);
		window.addEventListener('online', up);
		window.addEventListener('offline', down);
		return () => {
			window.removeEventListener('online', up);
			window.removeEventListener('offline', down);
		};
	}, []);

	// A failed send marks the console offline even when the browser thinks it is online;
	// look again every few seconds.
	useEffect(() => {
		if (online) return;
		const timer = setInterval(() => setOnline(navigator.onLine), RETRY_MS);
		return () => clearInterval(timer);
	}, [online]);

	// Keeps the lease while this scorer holds it (a change renews it too).
	useEffect(() => {
		if (lease?.holderId !== me) return;
		const timer = setInterval(() => {
			void fetch(`${base}/lease`, {
				method: 'POST',
				headers: { 'content-type': 'application/json' },
				body: '{}',
			});
		}, LEASE_RENEW_MS);
		return () => clearInterval(timer);
	}, [lease?.holderId, me, base]);

	const enqueue = (action: Omit<ScoringAction, 'key' | 'idempotencyKey'>) => {
		// One key per click, made here and kept with the action through every retry.
		const idempotencyKey = newIdempotencyKey();
		setQueue((q) => [
			...q,
			{
				...action,
				body: { ...action.body, version: expectedVersion(known.current, q.length) },
				key: `a${++seq}`,
				idempotencyKey,
			},
		]);
	};

	const minuteValue = () => {
		const n = Number.parseInt(minute, 10);
		return Number.isFinite(n) && n >= 0 && n <= 200 ? n : 0;
	};

	const status = (value: string, label: string) =>
		enqueue({
			method: 'POST',
			path: '/status',
			body: { status: value, minute: minuteValue() },
			label,
		});

	/** Minute, added time and the player field, as every event carries them. */
	const eventBase = () => {
		const body: Record<string, unknown> = { minute: minuteValue() };
		const extra = Number.parseInt(added, 10);
		if (Number.isFinite(extra) && extra > 0) body.addedTime = Math.min(extra, 60);
		if (player.trim()) body.player = player.trim().slice(0, 120);
		setPlayer('');
		return body;
	};

	const event = (type: string, side: 'home' | 'away' | null, label: string) => {
		const body: Record<string, unknown> = { ...eventBase(), type };
		if (side) body.side = side;
		// "Under video review" applies to what may be reviewed; it is a one-shot switch.
		if (review && isReviewable(type)) {
			body.review = true;
			setReview(false);
		}
		enqueue({
			method: 'POST',
			path: '/events',
			body,
			label: body.review ? `${label} (${hold.underReview})` : label,
		});
	};

	const decide = (item: TimelineItem, decision: 'confirm' | 'cancel') => {
		enqueue({
			method: 'POST',
			path: `/events/${item.id}/review`,
			body: { decision },
			label: `${decision === 'confirm' ? hold.confirm : hold.cancelReview} ${labels.events[item.type ?? ''] ?? ''}`,
		});
	};

	const takeover = async () => {
		const r = await fetch(`${base}/lease`, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify({ takeover: true }),
		});
		if (r.ok) await refresh();
	};

	const remove = (item: TimelineItem) => {
		enqueue({
			method: 'DELETE',
			path: `/events/${item.id}`,
			body: {},
			label: `${labels.delete} ${labels.events[item.type ?? ''] ?? ''}`,
		});
	};

	const saveEdit = () => {
		if (!editing) return;
		const body: Record<string, unknown> = {};
		const n = Number.parseInt(editing.minute, 10);
		if (Number.isFinite(n)) body.minute = Math.max(0, Math.min(200, n));
		body.player = editing.player.trim() ? editing.player.trim().slice(0, 120) : null;
		enqueue({ method: 'PATCH', path: `/events/${editing.id}`, body, label: labels.correct });
		setEditing(null);
	};

	// The status the match will have once the queued status changes are in: the buttons
	// follow it, so a kick-off queued offline already offers the goal buttons.
	const queuedStatus = [...queue].reverse().find((a) => a.path === '/status')?.body.status;
	const current = typeof queuedStatus === 'string' ? queuedStatus : match.status;
	const playing = isLive(current);
	const may = (to: string) => mayMoveTo(current, to);
	const held = heldBy(match.timeline);
	const side = (s: 'home' | 'away') => (s === 'home' ? match.home.name : match.away.name);
	/** The question of a confirm step: `final` when nothing here can take it back. */
	const ask = (action: string, final: boolean) =>
		fill(safe[final ? 'confirm.final' : 'confirm.ask'], { action });
	/** A status change that asks first. */
	const guarded = (
		to: MatchStatus,
		label: string,
		opts: { final: boolean; className?: string; testId?: string },
	) => (
		<ConfirmButton
			label={label}
			question={ask(label, opts.final)}
			yes={safe['confirm.yes']}
			keep={safe['confirm.keep']}
			onConfirm={() => status(to, label)}
			className={opts.className}
			testId={opts.testId}
		/>
	);
	const over = (RESULT_CORRECTABLE as readonly string[]).includes(match.status);
	const holderText = !lease
		? labels.free
		: lease.holderId === me
			? labels.youHold
			: fill(labels.holder, { email: lease.holder });

	return (
		<div className="scoring">
			<div className="board" data-testid="console-board">
				<span className="team">{match.home.name}</span>
				<output className="score" data-testid="console-score" aria-live="polite">
					{match.score ? `${match.score.home} – ${match.score.away}` : '–'}
				</output>
				<span className="team">{match.away.name}</span>
				<span className="state">
					<span data-testid="console-status" data-status={match.status}>
						{labels.statuses[match.status] ?? match.status}
					</span>
					{match.minute !== null ? ` · ${match.minute}'` : ''} ·{' '}
					<span data-testid="console-version">
						{fill(labels.version, { version: match.version })}
					</span>
				</span>
			</div>

			<p className="lease" data-testid="console-lease">
				{holderText}{' '}
				{lease && lease.holderId !== me && (
					<button type="button" className="secondary" onClick={takeover}>
						{labels.takeover}
					</button>
				)}
			</p>

			{!online && (
				<p className="notice offline" role="status">
					{labels.offline}
				</p>
			)}
			{notice && (
				<div
					className={`notice ${notice.kind}`}
					role={notice.kind === 'ok' ? 'status' : 'alert'}
					data-testid="console-notice"
				>
					<span>{notice.text}</span>
					{notice.kind === 'conflict' && (
						<button
							type="button"
							onClick={() => {
								setNotice(null);
								void refresh();
							}}
							data-testid="console-refresh"
						>
							{labels.refresh}
						</button>
					)}
				</div>
			)}

			{held && (
				<p className="notice hold" role="status" data-testid="console-hold">
					{held.type === 'var'
						? hold.onHoldVar
						: fill(hold.onHold, { event: labels.events[held.type ?? ''] ?? '' })}
				</p>
			)}

			{/* A match that is over moves no further here: no empty box of buttons. */}
			<fieldset
				className="group"
				hidden={(NEXT_STATUSES[current as MatchStatus] ?? []).length === 0}
			>
				<legend>{labels.statusTitle}</legend>
				<div className="buttons">
					{!playing && may('live') && (
						<button type="button" onClick={() => status('live', labels.kickoff)}>
							{labels.kickoff}
						</button>
					)}
					{current === 'live' && (
						<button type="button" onClick={() => status('half_time', labels.halfTime)}>
							{labels.halfTime}
						</button>
					)}
					{current === 'half_time' && (
						<button type="button" onClick={() => status('live', labels.secondHalf)}>
							{labels.secondHalf}
						</button>
					)}
					{may('finished') &&
						guarded('finished', labels.fullTime, { final: true, testId: 'console-fulltime' })}
					{current === 'postponed' &&
						may('scheduled') &&
						guarded('scheduled', labels.restore, { final: false, testId: 'console-restore' })}
					{may('postponed') &&
						guarded('postponed', labels.postponed, {
							final: false,
							className: 'secondary',
							testId: 'console-postponed',
						})}
					{may('abandoned') &&
						guarded('abandoned', labels.abandoned, {
							final: true,
							className: 'secondary',
							testId: 'console-abandoned',
						})}
				</div>
			</fieldset>

			{over &&
				(corrects ? (
					<ResultCorrection
						matchId={matchId}
						home={match.home.name}
						away={match.away.name}
						status={match.status}
						score={match.score}
						version={match.version}
						labels={safe}
						statuses={labels.statuses}
						onDone={() => void refresh()}
					/>
				) : (
					<p className="notice" data-testid="correct-scorer-hint">
						{safe['result.scorerHint']}
					</p>
				))}

			{/* Events only while the match is in play: the server refuses them otherwise. */}
			<fieldset className="group" disabled={!playing} data-testid="console-events">
				<legend>{labels.eventTitle}</legend>
				<div className="inputs">
					<label>
						{labels.minute}
						<input
							type="number"
							min={0}
							max={200}
							inputMode="numeric"
							value={minute}
							onChange={(e) => setMinute(e.target.value)}
							data-testid="console-minute"
						/>
					</label>
					<label>
						{labels.addedTime}
						<input
							type="number"
							min={0}
							max={60}
							inputMode="numeric"
							value={added}
							onChange={(e) => setAdded(e.target.value)}
						/>
					</label>
					<label className="wide">
						{labels.player}
						<input
							type="text"
							maxLength={120}
							value={player}
							onChange={(e) => setPlayer(e.target.value)}
							data-testid="console-player"
							list="console-players"
						/>
					</label>
					<datalist id="console-players">
						{[...new Set([...squads.home, ...squads.away])].map((name) => (
							<option key={name} value={name} />
						))}
					</datalist>
				</div>
				<div className="review">
					<label>
						<input
							type="checkbox"
							checked={review}
							onChange={(e) => setReview(e.target.checked)}
							data-testid="console-review"
						/>{' '}
						{hold.review}
					</label>
					<span className="muted">{hold.reviewHint}</span>
					<button
						type="button"
						className="secondary"
						data-testid="console-var"
						onClick={() => {
							const body = { ...eventBase(), type: 'var', review: true };
							enqueue({ method: 'POST', path: '/events', body, label: hold.varCheck });
						}}
					>
						{hold.varCheck}
					</button>
				</div>
				<div className="sides">
					{(['home', 'away'] as const).map((s) => (
						<div className="side" key={s}>
							<h3>{side(s)}</h3>
							<button
								type="button"
								className="big"
								data-testid={`goal-${s}`}
								onClick={() => event('goal', s, `${labels.goal} ${side(s)}`)}
							>
								{labels.goal}
							</button>
							<div className="small">
								<button
									type="button"
									onClick={() => event('penalty_goal', s, `${labels.penaltyGoal} ${side(s)}`)}
								>
									{labels.penaltyGoal}
								</button>
								<button
									type="button"
									onClick={() => event('own_goal', s, `${labels.ownGoal} ${side(s)}`)}
								>
									{labels.ownGoal}
								</button>
								<button
									type="button"
									className="yellow"
									onClick={() => event('yellow', s, `${labels.yellow} ${side(s)}`)}
								>
									{labels.yellow}
								</button>
								<button
									type="button"
									className="red"
									onClick={() => event('red', s, `${labels.red} ${side(s)}`)}
								>
									{labels.red}
								</button>
							</div>
						</div>
					))}
				</div>
			</fieldset>

			<ScoringMore
				match={match}
				playing={playing}
				labels={hold}
				enqueue={enqueue}
				base={eventBase}
				sideName={side}
				statusName={(s) => labels.statuses[s] ?? s}
				players="console-players"
				may={may}
				ask={ask}
				safe={safe}
			/>

			{queue.length > 0 && (
				<section className="group" aria-live="polite">
					<p data-testid="console-pending">{fill(labels.pendingCount, { n: queue.length })}</p>
					<ol className="pending">
						{queue.map((a) => (
							<li key={a.key}>
								<span className="tag">{labels.pending}</span> {a.label}
							</li>
						))}
					</ol>
				</section>
			)}

			<section className="group">
				<h2>{labels.timeline}</h2>
				{match.timeline.length === 0 ? (
					<p className="muted">{labels.noEvents}</p>
				) : (
					<ol className="timeline" data-testid="console-timeline">
						{[...match.timeline].reverse().map((item) => (
							<li
								key={item.id}
								data-type={item.type}
								data-review={item.review === true ? 'true' : undefined}
							>
								{item.review === true ? (
									<>
										<span className="what">
											{typeof item.minute === 'number' ? `${item.minute}' ` : ''}
											{labels.events[item.type ?? ''] ?? item.type}
											{item.side === 'home' || item.side === 'away' ? ` · ${side(item.side)}` : ''}
											{typeof item.player === 'string' && item.player ? ` · ${item.player}` : ''}{' '}
											<span className="tag">{hold.underReview}</span>
										</span>
										<span className="actions">
											<button
												type="button"
												onClick={() => decide(item, 'confirm')}
												data-testid="review-confirm"
											>
												{hold.confirm}
											</button>
											<ConfirmButton
												label={hold.cancelReview}
												question={hold.confirmCancel}
												yes={safe['confirm.yes']}
												keep={safe['confirm.keep']}
												className="secondary"
												onConfirm={() => decide(item, 'cancel')}
												testId="review-cancel"
											/>
										</span>
									</>
								) : editing?.id === item.id ? (
									<div className="edit">
										<label>
											{labels.minute}
											<input
												type="number"
												min={0}
												max={200}
												value={editing.minute}
												onChange={(e) => setEditing({ ...editing, minute: e.target.value })}
												data-testid="edit-minute"
											/>
										</label>
										<label>
											{labels.player}
											<input
												type="text"
												maxLength={120}
												value={editing.player}
												onChange={(e) => setEditing({ ...editing, player: e.target.value })}
											/>
										</label>
										<button type="button" onClick={saveEdit}>
											{labels.save}
										</button>
										<button type="button" className="secondary" onClick={() => setEditing(null)}>
											{labels.cancel}
										</button>
									</div>
								) : (
									<>
										<span className="what">
											{typeof item.minute === 'number' ? `${item.minute}'` : ''}
											{typeof item.addedTime === 'number' && item.addedTime > 0
												? `+${item.addedTime}`
												: ''}{' '}
											{labels.events[item.type ?? ''] ?? item.type}
											{item.side === 'home' || item.side === 'away' ? ` · ${side(item.side)}` : ''}
											{typeof item.player === 'string' && item.player ? ` · ${item.player}` : ''}
										</span>
										{/* Corrections while in play; a match that is over changes by an editor's result correction. */}
										<span className="actions" hidden={!playing}>
											<button
												type="button"
												className="secondary"
												onClick={() =>
													setEditing({
														id: item.id,
														minute: String(item.minute ?? ''),
														player: typeof item.player === 'string' ? item.player : '',
													})
												}
											>
												{labels.correct}
											</button>
											<ConfirmButton
												label={labels.delete}
												question={ask(
													`${labels.delete} ${labels.events[item.type ?? ''] ?? item.type ?? ''}`,
													false,
												)}
												yes={safe['confirm.yes']}
												keep={safe['confirm.keep']}
												className="secondary"
												onConfirm={() => remove(item)}
												testId="event-delete"
											/>
										</span>
									</>
								)}
							</li>
						))}
					</ol>
				)}
			</section>

			{undo && (
				<div className="undo-toast" role="status" data-testid="console-undo">
					<span>{undo.text}</span>
					<button
						type="button"
						data-testid="console-undo-button"
						onClick={() => {
							enqueue(undo.intent);
							setUndo(null);
						}}
					>
						{safe['undo.button']}
					</button>
					<span className="muted">
						{fill(safe['undo.left'], {
							n: Math.max(0, Math.ceil((undo.until - Date.now()) / 1000)),
						})}
					</span>
				</div>
			)}
		</div>
	);
}
