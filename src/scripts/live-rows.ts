import { everyPage } from '../lib/every-page';
import { clockLabel } from '../lib/live/clock';
import { isLive } from '../lib/football/match-status';
import { $liveMatches, serverNow, watchMatches, type LiveMatchState } from '../stores/live';
import { $spoiler } from '../stores/spoiler';

/**
 * Match rows (day lists, fixtures and results, team, league and head-to-head pages, the
 * fixtures embed) that follow their match live: the rows are cached HTML, the same for
 * everyone; this watches their matches through the one live stream and rewrites, in place,
 * each row's status (the running minute from the match clock, HT, FT, Postponed…), its score
 * and its live mark. Only the elements the server rendered are changed (never created), so
 * the rows keep their styles. Without JavaScript the rows stay as rendered.
 */
interface Labels {
	short: Record<string, string>;
	full: Record<string, string>;
	versus: string;
}

let stop: (() => void) | null = null;

function readLabels(): Labels | null {
	const el = document.querySelector('[data-live-row-labels]');
	try {
		return el?.textContent ? (JSON.parse(el.textContent) as Labels) : null;
	} catch {
		return null;
	}
}

function statusText(m: LiveMatchState, labels: Labels, now: number): string {
	if (m.status === 'live') return clockLabel(m, { halfTime: '', finished: '' }, now);
	return labels.short[m.status] ?? '';
}

function patch(row: HTMLElement, m: LiveMatchState, labels: Labels, now: number): void {
	// Called every second for the running minute: the DOM is written only where it changed.
	if (row.dataset.status !== m.status) {
		row.dataset.status = m.status;
		row.classList.toggle('live', isLive(m.status));
	}
	const status = row.querySelector<HTMLElement>('[data-live-status]');
	if (status) {
		const text = m.status === 'scheduled' ? '' : statusText(m, labels, now);
		const className = `status status-${m.status}`;
		if (status.textContent !== text) {
			status.textContent = text;
			status.hidden = text === '';
		}
		if (status.className !== className) {
			status.className = className;
			status.title = labels.full[m.status] ?? '';
		}
	}
	const score = row.querySelector<HTMLElement>('[data-live-score]');
	// Spoiler-safe "hide": the score stays as the page had it; the status still moves.
	if (score && m.score && $spoiler.get().mode !== 'hide') {
		const text = `${m.score.home}\u00a0–\u00a0${m.score.away}`;
		if (score.textContent !== text) {
			score.textContent = text;
			score.classList.remove('none');
		}
	}
}

function follow(): void {
	stop?.();
	stop = null;
	const rows = [...document.querySelectorAll<HTMLElement>('.match-row[data-follow]')];
	const labels = readLabels();
	if (rows.length === 0 || !labels) return;
	const ids = [...new Set(rows.map((r) => r.dataset.matchId).filter((id): id is string => !!id))];
	const render = () => {
		const matches = $liveMatches.get();
		const now = serverNow();
		for (const row of rows) {
			const m = matches[row.dataset.matchId ?? ''];
			if (m) patch(row, m, labels, now);
		}
	};
	// A page whose live list follows every match (today's home) has the one stream that carries
	// all of them: watching these ids too would open a second one, or make the list's island
	// reopen it (client navigation runs this before the new page's islands mount).
	const unwatch = document.querySelector('[data-live-all]') ? () => {} : watchMatches(ids);
	const unlisten = $liveMatches.listen(render);
	// The minute moves with the clock, between messages too.
	const tick = setInterval(render, 1000);
	render();
	stop = () => {
		unwatch();
		unlisten();
		clearInterval(tick);
	};
}

everyPage(follow);
document.addEventListener('astro:before-swap', () => {
	stop?.();
	stop = null;
});
