import { atom, map } from 'nanostores';
import { $spoiler } from './spoiler';

/** A match as the browser knows it from the live stream (mirrors the server's snapshot). */
export interface LiveMatchState {
	matchId: string;
	status: string;
	minute: number | null;
	score: { home: number; away: number } | null;
	ht?: { home: number; away: number } | null;
	home: { id: number; name: string };
	away: { id: number; name: string };
	isReplay: boolean;
	kickoffAt?: string;
	timeline: Array<Record<string, unknown> & { id: number; type?: string }>;
	stats?: Record<string, [number, number]>;
}

export type LiveConnection = 'connecting' | 'open' | 'offline';

export const $liveMatches = map<Record<string, LiveMatchState>>({});
export const $liveConnection = atom<LiveConnection>('connecting');
/** Time (ms) the last message arrived: islands show the data age from it. */
export const $lastUpdate = atom<number | null>(null);
/** The latest goal or red card, for the polite aria-live region (throttled). */
export const $announcement = atom<string>('');

const watchers = new Map<string, number>();
let watchAll = 0;
let source: EventSource | null = null;
let lastEventId: string | null = null;
let reopenTimer: ReturnType<typeof setTimeout> | undefined;
let lastAnnounce = 0;

/** Seeds the store with a server-rendered snapshot (first paint), without overwriting newer data. */
export function seedMatches(matches: LiveMatchState[]): void {
	for (const m of matches) if (!$liveMatches.get()[m.matchId]) $liveMatches.setKey(m.matchId, m);
}

/**
 * Watches some matches (or, with null, every live match). One EventSource per tab carries
 * all watched matches; changing the set reopens it, resuming from the last event id.
 * Returns the function that stops watching.
 */
export function watchMatches(ids: string[] | null): () => void {
	if (ids === null) watchAll++;
	else for (const id of ids) watchers.set(id, (watchers.get(id) ?? 0) + 1);
	scheduleOpen();
	return () => {
		if (ids === null) watchAll--;
		else
			for (const id of ids) {
				const n = (watchers.get(id) ?? 1) - 1;
				if (n <= 0) watchers.delete(id);
				else watchers.set(id, n);
			}
		scheduleOpen();
	};
}

function scheduleOpen(): void {
	clearTimeout(reopenTimer);
	reopenTimer = setTimeout(open, 0);
}

function open(): void {
	source?.close();
	source = null;
	if (watchAll === 0 && watchers.size === 0) return;
	const params = new URLSearchParams();
	if (watchAll === 0) params.set('matches', [...watchers.keys()].join(','));
	// A new EventSource cannot send Last-Event-ID itself: the query carries it.
	if (lastEventId) params.set('lastEventId', lastEventId);
	const es = new EventSource(`/api/live?${params}`);
	source = es;
	$liveConnection.set('connecting');
	es.onopen = () => $liveConnection.set('open');
	es.onerror = () => $liveConnection.set(navigator.onLine === false ? 'offline' : 'connecting');
	for (const kind of ['snapshot', 'score', 'event', 'status', 'correction', 'stats']) {
		es.addEventListener(kind, (e) => receive(kind, e as MessageEvent<string>));
	}
}

function receive(kind: string, e: MessageEvent<string>): void {
	if (e.lastEventId) lastEventId = e.lastEventId;
	$lastUpdate.set(Date.now());
	let data: Record<string, unknown>;
	try {
		data = JSON.parse(e.data) as Record<string, unknown>;
	} catch {
		return;
	}
	const { mode, delaySec } = $spoiler.get();
	if (mode === 'delay' && delaySec > 0 && kind !== 'snapshot') {
		setTimeout(() => applyLiveMessage(kind, data, Number(e.lastEventId)), delaySec * 1000);
	} else applyLiveMessage(kind, data, Number(e.lastEventId));
}

/** Applies one message to the store. Exported for tests. */
export function applyLiveMessage(kind: string, data: Record<string, unknown>, id?: number): void {
	if (kind === 'snapshot') {
		for (const m of (data.matches ?? []) as LiveMatchState[]) $liveMatches.setKey(m.matchId, m);
		return;
	}
	const matchId = String(data.matchId);
	const current = $liveMatches.get()[matchId];
	if (!current) return;
	const next: LiveMatchState = { ...current };
	if (typeof data.status === 'string') next.status = data.status;
	if ('minute' in data) next.minute = (data.minute as number | null) ?? null;
	if ('score' in data) next.score = data.score as LiveMatchState['score'];
	if ('ht' in data) next.ht = data.ht as LiveMatchState['ht'];
	if (data.stats) next.stats = data.stats as LiveMatchState['stats'];
	if (data.reset) next.timeline = [];
	const entry = data.entry as (Record<string, unknown> & { type?: string }) | undefined;
	const entryId = id ?? Number(data.id ?? Date.now());
	if (entry && !next.timeline.some((t) => t.id === entryId)) {
		next.timeline = [...next.timeline, { ...entry, id: entryId }];
		announce(next, entry);
	}
	if (kind === 'correction' && typeof data.cancels === 'number') {
		next.timeline = next.timeline.filter((t) => t.id !== data.cancels);
	}
	$liveMatches.setKey(matchId, next);
}

function announce(match: LiveMatchState, entry: { type?: string }): void {
	if (!entry.type || !/goal|red/.test(entry.type)) return;
	const now = Date.now();
	// Never chatty: at most one announcement every 10 s.
	if (now - lastAnnounce < 10_000 || $spoiler.get().mode === 'hide') return;
	lastAnnounce = now;
	const s = match.score;
	$announcement.set(`${match.home.name} ${s?.home ?? 0}–${s?.away ?? 0} ${match.away.name}`);
}

if (typeof window !== 'undefined') {
	window.addEventListener('offline', () => $liveConnection.set('offline'));
	window.addEventListener('online', () => scheduleOpen());
}
