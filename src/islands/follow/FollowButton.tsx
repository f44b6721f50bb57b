import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import type { FollowKind } from '~/lib/follows';
import { keepForOffline } from '~/lib/pwa-client';
import { $follows, isFollowed, loadFollows, toggle } from '~/stores/follows';
import './follow.css';
import type { FollowButtonLabels } from '~/lib/follow-labels';

export type { FollowButtonLabels };

/**
 * The star on team, league and match pages. The page itself is the same for everyone (and
 * cached); whether this visitor follows it is only known here, after hydration.
 */
export default function FollowButton({
	kind,
	id,
	labels,
}: {
	kind: FollowKind;
	id: number;
	labels: FollowButtonLabels;
}) {
	const state = useStore($follows);
	const [failed, setFailed] = useState(false);
	useEffect(() => {
		void loadFollows();
	}, []);
	const on = isFollowed(state, { kind, id });
	const click = async () => {
		setFailed(false);
		const ok = await toggle({ kind, id });
		setFailed(!ok);
		// A followed team's page is kept for reading offline (docs/pwa.md).
		if (ok && !on) keepForOffline(location.pathname);
	};
	return (
		<span className="follow-star">
			<button
				type="button"
				className={on ? 'button follow-on' : 'button secondary'}
				aria-pressed={on}
				aria-label={labels.label}
				disabled={!state.ready}
				data-testid="follow-button"
				onClick={click}
			>
				<span aria-hidden="true">{on ? '★' : '☆'}</span> {on ? labels.following : labels.follow}
			</button>
			{failed && (
				<span role="alert" className="follow-error">
					{labels.failed}
				</span>
			)}
		</span>
	);
}
