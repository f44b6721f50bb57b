import { useState } from 'react';
import type { HoldLabels } from '~/lib/cms/hold';
import type { SafeLabels } from '~/lib/cms/safe-actions';
import type { ConsoleView, ScoringAction } from '~/lib/cms/scoring';
import ConfirmButton from './ConfirmButton';

type Side = 'home' | 'away';

interface Props {
	match: ConsoleView['match'];
	/** In play once the queued status changes are in: events and the end statuses only then. */
	playing: boolean;
	labels: HoldLabels;
	/** Queues one action (the console adds the version it expects). */
	enqueue: (action: Omit<ScoringAction, 'key' | 'idempotencyKey'>) => void;
	/** The event body's common part: minute, added time, the player field. */
	base: () => Record<string, unknown>;
	sideName: (s: Side) => string;
	statusName: (s: string) => string;
	/** id of the console's datalist of squad names. */
	players: string;
	/** The state machine, from the status the queued changes lead to. */
	may: (to: string) => boolean;
	/** The confirm step's question (`final`: nothing in the console takes it back). */
	ask: (action: string, final: boolean) => string;
	safe: SafeLabels;
}

const fill = (text: string, vars: Record<string, string | number>) =>
	text.replace(/\{(\w+)\}/g, (m, k: string) => (k in vars ? String(vars[k]) : m));

/**
 * The events beyond goals and cards: second yellow, substitution (player off and on, from
 * the squad or typed), extra time, penalty shoot-out kicks with the running shoot-out score,
 * and the two other full-time statuses. Every control is a real button or labelled input.
 */
export default function ScoringMore({
	match,
	playing,
	labels,
	enqueue,
	base,
	sideName,
	statusName,
	players,
	may,
	ask,
	safe,
}: Props) {
	const [off, setOff] = useState<Record<Side, string>>({ home: '', away: '' });
	const [on, setOn] = useState<Record<Side, string>>({ home: '', away: '' });
	const pen = (match as { pen?: { home: number; away: number } | null }).pen ?? null;

	const event = (type: string, side: Side | null, label: string, extra = {}) =>
		enqueue({
			method: 'POST',
			path: '/events',
			body: { ...base(), type, ...(side ? { side } : {}), ...extra },
			label,
		});

	const substitute = (s: Side) => {
		// Never the shared player field: a substitution names its own two players.
		const body: Record<string, unknown> = { player: undefined };
		if (on[s].trim()) body.player = on[s].trim().slice(0, 120);
		if (off[s].trim()) body.detail = off[s].trim().slice(0, 120);
		// The provider convention: `player` comes on, `detail` goes off.
		event('substitution', s, `${labels.substitution} ${sideName(s)}`, body);
		setOff((v) => ({ ...v, [s]: '' }));
		setOn((v) => ({ ...v, [s]: '' }));
	};

	const status = (value: string) =>
		enqueue({ method: 'POST', path: '/status', body: { status: value }, label: statusName(value) });

	return (
		<fieldset className="group" data-testid="console-more" disabled={!playing}>
			<legend>{labels.moreTitle}</legend>
			<div className="buttons">
				<button type="button" onClick={() => event('extra_time', null, labels.extraTime)}>
					{labels.extraTime}
				</button>
				{(
					[
						['finished_aet', labels.afterExtraTime],
						['finished_pen', labels.afterPenalties],
					] as const
				).map(
					([to, label]) =>
						may(to) && (
							<ConfirmButton
								key={to}
								label={label}
								question={ask(label, true)}
								yes={safe['confirm.yes']}
								keep={safe['confirm.keep']}
								className="secondary"
								onConfirm={() => status(to)}
								testId={`console-${to}`}
							/>
						),
				)}
			</div>
			<p data-testid="console-shootout">
				{labels.shootout}
				{pen ? ` · ${fill(labels.shootoutScore, { home: pen.home, away: pen.away })}` : ''}
			</p>
			<div className="sides">
				{(['home', 'away'] as const).map((s) => (
					<div className="side" key={s}>
						<h3>{sideName(s)}</h3>
						<div className="small three">
							<button
								type="button"
								className="second-yellow"
								onClick={() => event('second_yellow', s, `${labels.secondYellow} ${sideName(s)}`)}
							>
								{labels.secondYellow}
							</button>
							<button
								type="button"
								data-testid={`kick-scored-${s}`}
								onClick={() =>
									event('penalties', s, `${labels.kickScored} ${sideName(s)}`, { scored: true })
								}
							>
								{labels.kickScored}
							</button>
							<button
								type="button"
								className="secondary"
								data-testid={`kick-missed-${s}`}
								onClick={() =>
									event('penalties', s, `${labels.kickMissed} ${sideName(s)}`, { scored: false })
								}
							>
								{labels.kickMissed}
							</button>
						</div>
						<div className="inputs sub">
							<label>
								{labels.playerOff}
								<input
									type="text"
									maxLength={120}
									list={players}
									value={off[s]}
									onChange={(e) => setOff({ ...off, [s]: e.target.value })}
									data-testid={`sub-off-${s}`}
								/>
							</label>
							<label>
								{labels.playerOn}
								<input
									type="text"
									maxLength={120}
									list={players}
									value={on[s]}
									onChange={(e) => setOn({ ...on, [s]: e.target.value })}
									data-testid={`sub-on-${s}`}
								/>
							</label>
							<button type="button" onClick={() => substitute(s)} data-testid={`sub-${s}`}>
								{labels.substitution}
							</button>
						</div>
					</div>
				))}
			</div>
		</fieldset>
	);
}
