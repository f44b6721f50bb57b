import { useEffect, useRef, useState } from 'react';
import { newIdempotencyKey } from '~/lib/cms/scoring';
import type { SafeLabels } from '~/lib/cms/safe-actions';
import { CORRECTED_STATUSES } from '~/lib/football/match-transitions';

interface Props {
	matchId: string;
	home: string;
	away: string;
	/** The match as the page (or the console) last saw it. */
	status: string;
	score: { home: number; away: number } | null;
	version: number;
	labels: SafeLabels;
	/** Match status names (`football:matchStatus.*`). */
	statuses: Record<string, string>;
	/** Called after a correction is recorded (the console refreshes its board). */
	onDone?: (() => void) | undefined;
}

type Outcome = { kind: 'ok' | 'error'; text: string } | null;

const fill = (text: string, vars: Record<string, string | number>) =>
	text.replace(/\{(\w+)\}/g, (m, k: string) => (k in vars ? String(vars[k]) : m));

/**
 * "Correct the result" of a match that is over (issue 28), for editors and admins: the
 * final score, how it ended and a reason, posted to `/api/cms/matches/{id}/result` with an
 * Idempotency-Key made once per submission and kept if the answer is lost (a second press
 * then gets the first answer, not a second correction). The server audits it with the reason
 * and re-settles the live games; the outcome says so.
 */
export default function ResultCorrection({
	matchId,
	home,
	away,
	status,
	score,
	version,
	labels,
	statuses,
	onDone,
}: Props) {
	const statusName = (s: string) => statuses[s] ?? s;
	const [goals, setGoals] = useState({
		home: String(score?.home ?? 0),
		away: String(score?.away ?? 0),
	});
	const ended = (CORRECTED_STATUSES as readonly string[]).includes(status) ? status : 'finished';
	const [how, setHow] = useState(ended);
	const [reason, setReason] = useState('');
	const [busy, setBusy] = useState(false);
	const [outcome, setOutcome] = useState<Outcome>(null);
	const known = useRef(version);
	// A newer version seen by the console (its refresh after this correction, say).
	useEffect(() => {
		known.current = Math.max(known.current, version);
	}, [version]);
	/** The key of the submission whose answer has not come yet (reused if sent again). */
	const pending = useRef<{ key: string; body: string } | null>(null);

	const submit = async (e: React.FormEvent) => {
		e.preventDefault();
		const body = JSON.stringify({
			score: { home: Number(goals.home), away: Number(goals.away) },
			status: how,
			reason: reason.trim(),
			version: known.current,
		});
		// The same submission again (its answer was lost): the same key; anything else: a new one.
		if (pending.current?.body !== body) pending.current = { key: newIdempotencyKey(), body };
		setBusy(true);
		try {
			const r = await fetch(`/api/cms/matches/${matchId}/result`, {
				method: 'POST',
				headers: {
					'content-type': 'application/json',
					accept: 'application/json',
					'idempotency-key': pending.current.key,
				},
				body,
			});
			pending.current = null;
			const answer = (await r.json().catch(() => ({}))) as {
				data?: { version: number; status: string; score: { home: number; away: number } | null };
				error?: string;
				message?: string;
			};
			if (r.status === 201 && answer.data) {
				known.current = answer.data.version;
				setOutcome({
					kind: 'ok',
					text: fill(labels['result.done'], {
						home: answer.data.score?.home ?? '',
						away: answer.data.score?.away ?? '',
						status: statusName(answer.data.status),
						version: answer.data.version,
						reason: reason.trim(),
					}),
				});
				setReason('');
				onDone?.();
			} else {
				setOutcome({
					kind: 'error',
					text:
						answer.error === 'stale_version'
							? labels['result.stale']
							: fill(labels['result.failed'], { message: answer.message ?? String(r.status) }),
				});
			}
		} catch {
			setOutcome({ kind: 'error', text: fill(labels['result.failed'], { message: '…' }) });
		} finally {
			setBusy(false);
		}
	};

	const goalField = (side: 'home' | 'away', team: string) => (
		<label>
			{team}
			<input
				type="number"
				min={0}
				max={99}
				required
				inputMode="numeric"
				value={goals[side]}
				onChange={(e) => setGoals({ ...goals, [side]: e.target.value })}
				data-testid={`correct-${side}`}
			/>
		</label>
	);

	return (
		<form className="group correct-result" onSubmit={submit} data-testid="correct-result">
			<h2>{labels['result.title']}</h2>
			<p className="muted">{labels['result.hint']}</p>
			<div className="goals">
				{goalField('home', home)}
				<span aria-hidden="true">–</span>
				{goalField('away', away)}
			</div>
			<label>
				{labels['result.ended']}
				<select value={how} onChange={(e) => setHow(e.target.value)}>
					{CORRECTED_STATUSES.map((s) => (
						<option key={s} value={s}>
							{statusName(s)}
						</option>
					))}
				</select>
			</label>
			<label>
				{labels['result.reason']}
				<textarea
					required
					minLength={3}
					maxLength={500}
					rows={2}
					value={reason}
					onChange={(e) => setReason(e.target.value)}
					aria-describedby={`reason-hint-${matchId}`}
					data-testid="correct-reason"
				/>
			</label>
			<p className="muted" id={`reason-hint-${matchId}`}>
				{labels['result.reasonHint']}
			</p>
			<button type="submit" disabled={busy} data-testid="correct-submit">
				{busy ? labels['result.sending'] : labels['result.submit']}
			</button>
			{outcome && (
				<p
					className={`notice ${outcome.kind}`}
					role={outcome.kind === 'ok' ? 'status' : 'alert'}
					data-testid="correct-outcome"
				>
					{outcome.text}
				</p>
			)}
		</form>
	);
}
