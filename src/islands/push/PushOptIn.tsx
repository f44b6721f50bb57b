import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import '../follow/follow.css';
import type { PushOptInLabels } from '~/lib/follow-labels';
import type { PushOptInProps } from './PushPanel';

export type { PushOptInLabels };

// The choices (and the push store behind them) are fetched when the panel is first opened:
// the bell sits near the top of team and match pages, where its script would otherwise
// count against every visitor's first load.
const PushPanel = lazy(() => import('./PushPanel'));

/**
 * Alerts for one team or match: opt-in only, from a click (the browser asks for permission
 * then), per kind, with quiet hours. On iPhone and iPad it explains that push needs the
 * site on the home screen.
 */
export default function PushOptIn({ kind, id, labels }: PushOptInProps) {
	const [open, setOpen] = useState(false);
	const details = useRef<HTMLDetailsElement>(null);
	// Hydrated on the first interaction (client:interaction): a tap that opened the native
	// <details> before the script arrived shows the choices now.
	useEffect(() => {
		if (details.current?.open) setOpen(true);
	}, []);
	return (
		<details
			ref={details}
			className="push-opt-in"
			data-testid="push-opt-in"
			onToggle={(e) => setOpen(e.currentTarget.open)}
		>
			<summary className="button secondary">
				<svg
					aria-hidden="true"
					width="16"
					height="16"
					viewBox="0 0 24 24"
					fill="none"
					stroke="currentColor"
					strokeWidth="2"
					strokeLinecap="round"
					strokeLinejoin="round"
				>
					<path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
					<path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
				</svg>{' '}
				{labels.alerts}
			</summary>
			{open && (
				<Suspense fallback={<div className="push-panel" aria-busy="true" />}>
					<PushPanel kind={kind} id={id} labels={labels} />
				</Suspense>
			)}
		</details>
	);
}
