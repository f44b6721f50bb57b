import { clockLabel, isClock, type MatchClock } from '../lib/live/clock';
import { localiseTimes } from './time-zone';

/**
 * The live widgets: scores and minutes from the site's SSE stream (`/api/live`), with the
 * age of the data. A few hundred bytes instead of the site's islands; it reconnects as the
 * site does (the browser resends Last-Event-ID; after a refusal we reopen with it in the
 * query, backing off). A widget that follows a list (`data-live-follow`: live scores)
 * listens to every match, and when one it does not show starts, or a shown one changes
 * state, fetches its own address again (the route cache answers) and swaps the list in. A
 * widget of one match does the same at kick-off, at each event and status change (its
 * scorers, its status line), and between them counts the minute on from the match clock.
 */
const root = document.querySelector<HTMLElement>('[data-live-ids]');
if (root) {
	const age = root.querySelector<HTMLElement>('[data-age]');
	const ids = root.dataset.liveIds ?? '';
	const follow = root.dataset.liveFollow !== undefined;
	// A table: every change of one of its matches may move it, so any message redraws it.
	const redraw = root.dataset.liveRefresh !== undefined;
	let lastId = '';
	let at = 0;
	let backoff = 1000;
	// Matches that made us refresh once: one from another competition must not do it again.
	const asked = new Set<string>();
	// Started matches the list has not shown yet, and how many refetches looked for them: the
	// servers may still hold the old list when the first one asks (their copies are dropped
	// a moment after the change), so a missing one is looked for again, a few times.
	const awaited = new Set<string>();
	let looks = 0;
	const MAX_LOOKS = 3;
	let due = 0;
	// Lists wait for the servers' coalesced cache drops; one match's widget asks sooner (an
	// editor's write drops the cached copy before it is published) and more often.
	const SETTLE_MS = follow ? 1500 : 400;
	const GAP_MS = follow ? 10_000 : 2_000;
	/** Match clocks by id, and the server's clock minus ours (from each snapshot). */
	const clocks = new Map<
		string,
		{ status: string; minute: number | null; clock: MatchClock | null }
	>();
	let offset = 0;
	let timer: ReturnType<typeof setTimeout> | undefined;
	const refresh = () => {
		if (timer) return;
		// At most one refetch every 10 s, however many matches start together.
		timer = setTimeout(
			async () => {
				due = Date.now() + GAP_MS;
				timer = undefined;
				try {
					// Past the browser's HTTP cache (the widget is cacheable for its max-age): the server's
					// route cache answers, and it has dropped the copy the change made stale.
					const res = await fetch(location.href, { credentials: 'omit', cache: 'no-store' });
					const next = new DOMParser()
						.parseFromString(await res.text(), 'text/html')
						.querySelector('[data-live-part]');
					const current = document.querySelector('[data-live-part]');
					if (res.ok && next && current) {
						current.replaceWith(document.importNode(next, true));
						const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
						if (zone) localiseTimes(zone);
					}
				} catch {
					// The next change tries again.
				}
				for (const id of awaited)
					if (document.querySelector(`[data-match-id="${CSS.escape(id)}"]`)) awaited.delete(id);
				// One from another competition never appears here: a few looks, then no more.
				if (awaited.size > 0 && ++looks < MAX_LOOKS) refresh();
				else {
					awaited.clear();
					looks = 0;
				}
			},
			// Not at once: the servers drop their cached copies of the list a moment after the
			// change (coalesced), and a fetch before that would bring back the old list.
			Math.max(SETTLE_MS, due - Date.now()),
		);
	};
	const apply = (
		kind: string,
		m: {
			matchId?: unknown;
			status?: unknown;
			minute?: unknown;
			clock?: unknown;
			entry?: unknown;
			score?: { home: number; away: number } | null;
		},
	) => {
		const id = String(m.matchId);
		if (redraw) {
			if (kind !== 'snapshot') refresh();
			return;
		}
		if (typeof m.status === 'string')
			clocks.set(id, {
				status: m.status,
				minute: typeof m.minute === 'number' ? m.minute : null,
				clock: isClock(m.clock) ? m.clock : null,
			});
		const row = document.querySelector<HTMLElement>(`[data-match-id="${CSS.escape(id)}"]`);
		if (!row) {
			if (follow && kind !== 'snapshot' && m.status === 'live' && !asked.has(id)) {
				asked.add(id);
				awaited.add(id);
				refresh();
			}
			return;
		}
		const score = row.querySelector('.score');
		if (score && m.score) {
			score.classList.remove('none');
			score.textContent = `${m.score.home}\u00a0–\u00a0${m.score.away}`;
		}
		showMinute(id, row);
		const changed = typeof m.status === 'string' && m.status !== row.dataset.status;
		// A list redraws when a row changes state; one match's widget at every event too.
		if (kind !== 'snapshot' && (changed || (!follow && m.entry !== undefined))) refresh();
		else if (kind === 'snapshot' && changed) refresh();
	};
	/** The running minute, from the match clock in server time (lib/live/clock.ts). */
	const showMinute = (id: string, row: HTMLElement) => {
		const state = clocks.get(id);
		// A list row's short status ("37'"), or one match's line ("Live 37'").
		const short = row.querySelector('.status-live [aria-hidden]');
		const line = short ? null : row.querySelector('.status-live');
		if (!state || (!short && !line) || state.status !== 'live') return;
		const text = clockLabel(state, { halfTime: '', finished: '' }, Date.now() + offset);
		if (!text) return;
		if (short && short.textContent !== text) short.textContent = text;
		if (line?.textContent) {
			const next = line.textContent.replace(/\d+(\+\d+)?'\s*$/, text);
			if (next !== line.textContent) line.textContent = next;
		}
	};
	const open = () => {
		const q = new URLSearchParams(follow ? {} : { matches: ids });
		if (lastId) q.set('lastEventId', lastId);
		const es = new EventSource(`/api/live${q.size ? `?${q}` : ''}`);
		es.onopen = () => {
			backoff = 1000;
		};
		es.onerror = () => {
			if (es.readyState === 2) {
				setTimeout(open, backoff);
				backoff = Math.min(30_000, backoff * 2);
			}
		};
		for (const kind of ['snapshot', 'score', 'event', 'status', 'correction']) {
			es.addEventListener(kind, (e) => {
				const msg = e as MessageEvent<string>;
				if (msg.lastEventId) lastId = msg.lastEventId;
				at = Date.now();
				try {
					const data = JSON.parse(msg.data) as { matches?: unknown[]; now?: unknown };
					if (kind === 'snapshot' && typeof data.now === 'string') {
						const server = Date.parse(data.now);
						if (Number.isFinite(server)) offset = server - Date.now();
					}
					for (const m of data.matches ?? [data]) apply(kind, m as Parameters<typeof apply>[1]);
				} catch {
					// A message we cannot read changes nothing.
				}
			});
		}
	};
	const tick = () => {
		if (!age) return;
		const s = Math.round((Date.now() - at) / 1000);
		age.textContent = !at
			? (age.dataset.waiting ?? '')
			: s < 60
				? (age.dataset.s ?? '').replace('{n}', String(s))
				: (age.dataset.m ?? '').replace('{n}', String(Math.floor(s / 60)));
	};
	open();
	setInterval(() => {
		tick();
		for (const id of clocks.keys()) {
			const row = document.querySelector<HTMLElement>(`[data-match-id="${CSS.escape(id)}"]`);
			if (row) showMinute(id, row);
		}
	}, 1000);
}
