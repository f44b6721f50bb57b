import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { $follows, loadFollows, move, remove } from '~/stores/follows';
import './follow.css';
import type { FollowListLabels } from '~/lib/follow-labels';

export type { FollowListLabels };

/** The account page's list of follows: reorder (which also orders My matches) or remove. */
export default function FollowList({
	locale,
	labels,
}: {
	locale: string;
	labels: FollowListLabels;
}) {
	const { views, ready } = useStore($follows);
	const [failed, setFailed] = useState(false);
	useEffect(() => {
		void loadFollows();
	}, []);
	const run = async (change: Promise<boolean>) => setFailed(!(await change));
	return (
		<section aria-labelledby="follows-h" data-testid="follow-list">
			<h2 id="follows-h">{labels.title}</h2>
			{failed && <p role="alert">{labels.saveFailed}</p>}
			{ready && views.length === 0 && <p className="follow-muted">{labels.empty}</p>}
			<ol className="follow-list">
				{views.map((v, i) => (
					<li key={`${v.kind}:${v.id}`} className="follow-item">
						<span className="follow-kind">{labels.kinds[v.kind]}</span>
						<a href={`/${locale}${v.path}`}>{v.name}</a>
						<span className="follow-actions">
							<button
								type="button"
								className="button secondary"
								aria-label={`${labels.up}: ${v.name}`}
								disabled={i === 0}
								onClick={() => run(move(v, -1))}
							>
								<span aria-hidden="true">↑</span>
							</button>
							<button
								type="button"
								className="button secondary"
								aria-label={`${labels.down}: ${v.name}`}
								disabled={i === views.length - 1}
								onClick={() => run(move(v, 1))}
							>
								<span aria-hidden="true">↓</span>
							</button>
							<button
								type="button"
								className="button secondary"
								aria-label={`${labels.remove}: ${v.name}`}
								onClick={() => run(remove(v))}
							>
								{labels.remove}
							</button>
						</span>
					</li>
				))}
			</ol>
		</section>
	);
}
