import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { ALERT_KINDS, type AlertKind } from '~/lib/push';
import { $push, needsHomeScreen, type PushProblem, pushSupported, savePush } from '~/stores/push';
import type { PushOptInLabels } from '~/lib/follow-labels';

/** The bell's props (PushOptIn passes them on; the type lives here, below it). */
export interface PushOptInProps {
	kind: 'team' | 'match';
	id: number;
	labels: PushOptInLabels;
}

/** The alert choices of PushOptIn, fetched the first time a visitor opens it. */
export default function PushPanel({ kind, id, labels }: PushOptInProps) {
	const state = useStore($push);
	const current = state.targets.find((t) => t.kind === kind && t.id === id);
	const [kinds, setKinds] = useState<AlertKind[]>(current?.kinds ?? [...ALERT_KINDS]);
	const [quiet, setQuiet] = useState(state.quiet ?? { from: '', to: '' });
	const [status, setStatus] = useState<PushProblem | 'saved' | null>(null);
	const [env, setEnv] = useState({ supported: true, ios: false });
	useEffect(() => setEnv({ supported: pushSupported(), ios: needsHomeScreen() }), []);

	const save = async (chosen: AlertKind[]) => {
		const others = state.targets.filter((t) => !(t.kind === kind && t.id === id));
		const problem = await savePush({
			targets: chosen.length > 0 ? [...others, { kind, id, kinds: chosen }] : others,
			quiet: quiet.from && quiet.to ? quiet : null,
		});
		setStatus(problem ?? 'saved');
	};
	const toggle = (k: AlertKind) =>
		setKinds((list) => (list.includes(k) ? list.filter((x) => x !== k) : [...list, k]));

	return (
		<div className="push-panel">
			<p className="push-title">{labels.title}</p>
			{env.ios && <p className="follow-muted">{labels.ios}</p>}
			{!env.supported ? (
				<p>{labels.unsupported}</p>
			) : (
				<>
					<fieldset>
						<legend className="visually-hidden">{labels.title}</legend>
						{ALERT_KINDS.map((k) => (
							<label key={k}>
								<input type="checkbox" checked={kinds.includes(k)} onChange={() => toggle(k)} />{' '}
								{labels.kinds[k]}
							</label>
						))}
					</fieldset>
					<fieldset className="push-quiet">
						<legend>{labels.quiet}</legend>
						<label>
							{labels.quietFrom}{' '}
							<input
								type="time"
								value={quiet.from}
								onChange={(e) => setQuiet({ ...quiet, from: e.target.value })}
							/>
						</label>
						<label>
							{labels.quietTo}{' '}
							<input
								type="time"
								value={quiet.to}
								onChange={(e) => setQuiet({ ...quiet, to: e.target.value })}
							/>
						</label>
					</fieldset>
					<p className="push-actions">
						<button type="button" className="button" onClick={() => save(kinds)}>
							{labels.on}
						</button>
						{current && (
							<button type="button" className="button secondary" onClick={() => save([])}>
								{labels.off}
							</button>
						)}
					</p>
				</>
			)}
			{status && (
				<p role="status">
					{status === 'saved'
						? labels.saved
						: status === 'denied'
							? labels.denied
							: status === 'unsupported'
								? labels.unsupported
								: status === 'busy'
									? labels.busy
									: labels.failed}
				</p>
			)}
		</div>
	);
}
