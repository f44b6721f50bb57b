/**
 * The live widgets: scores and statuses from the site's SSE stream (`/api/live`), with the
 * age of the data. A few hundred bytes instead of the site's islands; it reconnects as the
 * site does (the browser resends Last-Event-ID; after a refusal we reopen with it in the
 * query, backing off).
 */
const root = document.querySelector<HTMLElement>('[data-live-ids]');
if (root) {
	const age = root.querySelector<HTMLElement>('[data-age]');
	const ids = root.dataset.liveIds ?? '';
	let lastId = '';
	let at = 0;
	let backoff = 1000;
	const apply = (m: { matchId?: unknown; score?: { home: number; away: number } | null }) => {
		const row = document.querySelector(`[data-match-id="${String(m.matchId)}"]`);
		const score = row?.querySelector('.score');
		if (score && m.score) {
			score.classList.remove('none');
			score.textContent = `${m.score.home}\u00a0–\u00a0${m.score.away}`;
		}
	};
	const open = () => {
		const q = new URLSearchParams({ matches: ids });
		if (lastId) q.set('lastEventId', lastId);
		const es = new EventSource(`/api/live?${q}`);
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
					const data = JSON.parse(msg.data) as { matches?: unknown[] };
					for (const m of data.matches ?? [data]) apply(m as Parameters<typeof apply>[0]);
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
	setInterval(tick, 1000);
}
