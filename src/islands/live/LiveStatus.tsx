import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { $announcement, $lastUpdate, $liveConnection, type LiveAnnouncement } from '~/stores/live';
import type { LiveLabels } from '~/lib/live/labels';

/** Current time, refreshed every second, for data ages and running minutes. */
export function useNow(periodMs = 1000): number {
	const [now, setNow] = useState(() => Date.now());
	useEffect(() => {
		const timer = setInterval(() => setNow(Date.now()), periodMs);
		return () => clearInterval(timer);
	}, [periodMs]);
	return now;
}

/**
 * "Live: scores update as they happen" while connected and nothing has just changed, "Updated
 * 12 s ago" for the minute after a change, the offline notice, or "Connecting…". A connected
 * feed with no news is not stale: an age climbing past a minute read as if it were.
 */
export function ageText(
	labels: LiveLabels,
	connection: string,
	lastUpdate: number | null,
	now: number,
): string {
	if (connection === 'offline') return labels.offline;
	if (connection === 'open' && (lastUpdate === null || now - lastUpdate >= 60_000))
		return labels.connected;
	if (lastUpdate === null)
		return connection === 'connecting' ? labels.connecting : labels.ageUnknown;
	const s = Math.max(0, Math.round((now - lastUpdate) / 1000));
	return s < 60
		? labels.ageSeconds.replace('{n}', String(s))
		: labels.ageMinutes.replace('{n}', String(Math.floor(s / 60)));
}

/**
 * How old the shown data is, and whether the tab is offline; without scripts, when the page
 * was made and a link to load it again.
 */
export function LiveStatus({ labels }: { labels: LiveLabels }) {
	const connection = useStore($liveConnection);
	const lastUpdate = useStore($lastUpdate);
	const now = useNow();
	return (
		<>
			<p
				className={`live-meta live-age live-${connection}`}
				data-testid="live-age"
				data-state={connection}
			>
				{ageText(labels, connection, lastUpdate, now)}
			</p>
			{labels.asOf && (
				// Shown only when the browser runs no scripts (live.css): nothing will ever connect,
				// so say when the scores are from and offer fresh ones. "?" is this page again.
				<p className="live-meta live-static" data-testid="live-static">
					{labels.asOf} ·{' '}
					<a href="?" rel="nofollow">
						{labels.reload}
					</a>
				</p>
			)}
		</>
	);
}

export function announcementText(labels: LiveLabels, a: LiveAnnouncement): string {
	const score = a.score ? `${a.score.home}–${a.score.away}` : '';
	return (a.kind === 'goal' ? labels.announceGoal : labels.announceRed)
		.replace('{home}', a.home)
		.replace('{away}', a.away)
		.replace('{score}', score);
}

/**
 * The polite aria-live region. The store already throttles (one item per 10 s, a burst
 * ends with its latest); `only` limits it to the matches this island shows.
 */
export function LiveAnnouncer({
	labels,
	only,
}: {
	labels: LiveLabels;
	only?: ReadonlySet<string> | null;
}) {
	const a = useStore($announcement);
	const text = a && (!only || only.has(a.matchId)) ? announcementText(labels, a) : '';
	return (
		<p
			className="visually-hidden"
			aria-live="polite"
			aria-atomic="true"
			role="status"
			data-testid="live-announcer"
		>
			{text}
		</p>
	);
}
