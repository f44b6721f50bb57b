import { useStore } from '@nanostores/react';
import { $spoiler, $streamLatency, setSpoiler, type SpoilerSettings } from '~/stores/spoiler';
import type { LiveLabels } from '~/lib/live/labels';

export type SpoilerControlLabels = Pick<
	LiveLabels,
	| 'spoilerLabel'
	| 'spoilerOff'
	| 'spoilerHide'
	| 'spoilerDelay'
	| 'spoilerDelaySeconds'
	| 'spoilerFollowsStream'
>;

/**
 * Spoiler-safe mode switch (also usable as its own island): off, hide scores until revealed,
 * or hold every update back by N seconds. The choice is remembered (localStorage + cookie).
 * While a live stream plays on the page the hold-back is the player's measured latency,
 * shown instead of the seconds field.
 */
export default function SpoilerControl({ labels }: { labels: SpoilerControlLabels }) {
	const spoiler = useStore($spoiler);
	const latency = useStore($streamLatency);
	return (
		<div className="live-spoiler">
			<label>
				{labels.spoilerLabel}{' '}
				<select
					name="spoiler-mode"
					data-testid="spoiler-mode"
					value={spoiler.mode}
					onChange={(e) =>
						setSpoiler({
							mode: e.target.value as SpoilerSettings['mode'],
							delaySec: spoiler.delaySec || 30,
						})
					}
				>
					<option value="off">{labels.spoilerOff}</option>
					<option value="hide">{labels.spoilerHide}</option>
					<option value="delay">{labels.spoilerDelay}</option>
				</select>
			</label>
			{spoiler.mode === 'delay' && latency !== null && (
				<output data-testid="spoiler-follows">
					{' '}
					{labels.spoilerFollowsStream.replace('{n}', String(latency))}
				</output>
			)}
			{spoiler.mode === 'delay' && latency === null && (
				<label>
					{' '}
					{labels.spoilerDelaySeconds}{' '}
					<input
						name="spoiler-delay"
						type="number"
						min={0}
						max={600}
						step={5}
						value={spoiler.delaySec}
						onChange={(e) =>
							setSpoiler({
								mode: 'delay',
								delaySec: Math.min(600, Math.max(0, Number(e.target.value) || 0)),
							})
						}
					/>
				</label>
			)}
		</div>
	);
}
