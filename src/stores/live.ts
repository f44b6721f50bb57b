import { atom, map } from 'nanostores';
import { clockLabel, isClock, type ClockLabels } from '~/lib/live/clock';
import type { LiveMatchState } from '~/lib/live/match-state';
import { nameLiveMatch, type LiveNames } from '~/lib/live/names';
import { $spoiler, spoilerDelaySec } from './spoiler';

export type { LiveMatchState };

export type LiveConnection = 'connecting' | 'open' | 'offline';

/** A goal or red card to read out politely; islands turn it into words with their labels. */
export interface LiveAnnouncement {
	seq: number;
	kind: 'goal' | 'red';
	matchId: string;
	home: string;
	away: string;
	score: { home: number; away: number } | null;
}

export const $liveMatches = map<Record<string, LiveMatchState>>({});
export const $liveConnection = atom<LiveConnection>('connecting');
/**
 * The server's clock minus the browser's (ms), measured from each connection's snapshot: the
 * match clock is read in server time, so a browser whose clock is off shows the right minute.
 */
let serverOffset = 0;
/** Time (ms) the last change was applied: islands show the data age from it. */
export const $lastUpdate = atom<number | null>(null);
/** The latest goal or red card, for the polite aria-live region (throttled). */
export const $announcement = atom<LiveAnnouncement | null>(null);

/**
 * The latest `game` message per match (live games: opened, suspended, settled), as the
 * server wrote it to the log: `games` in the API's shape, `receivedAt` the local time it was
 * applied (suspension countdowns count from it, so the visitor's clock never matters).
 */
export interface LiveGamesMessage {
	id: number | undefined;
	reason: string;
	games: Array<Record<string, unknown>>;
	receivedAt: number;
}
export const $liveGames = map<Record<string, LiveGamesMessage>>({});

/** At most one announcement per this many ms; a burst collapses into its latest item. */
export const ANNOUNCE_GAP_MS = 10_000;
const KINDS = [
	'snapshot',
	'score',
	'event',
	'status',
	'correction',
	'stats',
	'lineups',
	'game',
] as const;
const GOALS = new Set(['goal', 'own_goal', 'penalty_goal']);
const REDS = new Set(['red', 'second_yellow']);

const watchers = new Map<string, number>();
let watchAll = 0;
let source: EventSource | null = null;
let lastEventId: string | null = null;
let reopenTimer: ReturnType<typeof setTimeout> | undefined;
/** The watched set `source` was opened for. */
let sourceKey = '';
let backoffMs = 1000;
let lastAnnounce = -Infinity;
let pendingAnnounce: Omit<LiveAnnouncement, 'seq'> | null = null;
let announceTimer: ReturnType<typeof setTimeout> | undefined;
let announceSeq = 0;
const delayed = new Set<ReturnType<typeof setTimeout>>();
/** When the last held-back message is due: later ones never overtake it. */
let lastRelease = 0;

/** Seeds the store with a server-rendered snapshot (first paint), without overwriting newer data. */
/** The visitor's names for matches first met in the stream (lib/live/names.ts). */
let names: LiveNames | null = null;

/**
 * Seeds the store with a page's first paint (already named in the visitor's language) and
 * keeps `liveNames` to name matches the stream brings later.
 */
export function seedMatches(matches: LiveMatchState[], liveNames?: LiveNames | null): void {
	if (liveNames !== undefined) names = liveNames;
	for (const m of matches) {
		if (!$liveMatches.get()[m.matchId]) $liveMatches.setKey(m.matchId, m);
	}
}

/**
 * Watches some matches (or, with null, every live match). One EventSource per tab carries
 * all watched matches; watchers are counted per id, so two islands showing the same match
 * share it and the stream changes only when the set of ids does. Returns the function that
 * stops watching.
 */
export function watchMatches(ids: string[] | null): () => void {
	const before = streamKey();
	if (ids === null) watchAll++;
	else for (const id of ids) watchers.set(id, (watchers.get(id) ?? 0) + 1);
	if (streamKey() !== before || !source) scheduleOpen(0);
	let stopped = false;
	return () => {
		if (stopped) return;
		stopped = true;
		const was = streamKey();
		if (ids === null) watchAll--;
		else
			for (const id of ids) {
				const n = (watchers.get(id) ?? 1) - 1;
				if (n <= 0) watchers.delete(id);
				else watchers.set(id, n);
			}
		// Nothing watched any more: wait before closing. Client navigation unmounts the old
		// page's islands before the new page's mount; if they watch the same matches, the
		// stream (and its place in the log) carries on across the page change.
		if (streamKey() !== was) scheduleOpen(streamKey() === '' ? LINGER_MS : 0);
	};
}

/** How long a stream nobody watches stays open: a page swap's islands mount within it. */
export const LINGER_MS = 5000;

/** What the stream must carry: `*` (every live match), a sorted id list, or '' (nothing). */
function streamKey(): string {
	if (watchAll > 0) return '*';
	return [...watchers.keys()].sort().join(',');
}

function scheduleOpen(ms: number): void {
	clearTimeout(reopenTimer);
	reopenTimer = setTimeout(open, ms);
}

function open(): void {
	const key = streamKey();
	// Watched again, unchanged, before the linger ran out: keep the open stream.
	if (source && key === sourceKey && source.readyState !== 2) return;
	source?.close();
	source = null;
	sourceKey = key;
	if (key === '') return;
	if (typeof navigator !== 'undefined' && navigator.onLine === false) {
		$liveConnection.set('offline');
		return;
	}
	const params = new URLSearchParams();
	if (key !== '*') params.set('matches', key);
	// A new EventSource cannot send Last-Event-ID itself: the query carries it. (The
	// browser's own automatic reconnects send the header.)
	if (lastEventId) params.set('lastEventId', lastEventId);
	const query = params.toString();
	const es = new EventSource(query ? `/api/live?${query}` : '/api/live');
	source = es;
	$liveConnection.set('connecting');
	es.onopen = () => {
		backoffMs = 1000;
		$liveConnection.set('open');
	};
	es.onerror = () => {
		if (source !== es) return;
		if (typeof navigator !== 'undefined' && navigator.onLine === false) {
			$liveConnection.set('offline');
			return;
		}
		$liveConnection.set('connecting');
		// CONNECTING: the browser retries by itself. CLOSED (a non-200 answer, or a dropped
		// slow client the browser gave up on): we reopen, backing off up to 30 s.
		if (es.readyState === 2) {
			scheduleOpen(backoffMs);
			backoffMs = Math.min(30_000, backoffMs * 2);
		}
	};
	for (const kind of KINDS) {
		es.addEventListener(kind, (e) => receive(kind, e as MessageEvent<string>));
	}
}

function receive(kind: string, e: MessageEvent<string>): void {
	if (e.lastEventId) lastEventId = e.lastEventId;
	let data: Record<string, unknown>;
	try {
		data = JSON.parse(e.data) as Record<string, unknown>;
	} catch {
		return;
	}
	const id = Number(e.lastEventId) || undefined;
	const delaySec = spoilerDelaySec();
	const known = Object.keys($liveMatches.get()).length > 0;
	// Delay mode holds everything back, snapshots too (a snapshot after a reconnect would
	// otherwise leak the current score), except the very first state of an empty store.
	// The delay may shrink while messages wait (it follows the player's latency), so each
	// is released no earlier than the one before it: the log stays in order.
	const waiting = delayed.size > 0;
	if ((delaySec > 0 && (kind !== 'snapshot' || known)) || waiting) {
		const releaseAt = Math.max(Date.now() + delaySec * 1000, lastRelease);
		lastRelease = releaseAt;
		const timer = setTimeout(() => {
			delayed.delete(timer);
			applyLiveMessage(kind, data, id);
		}, releaseAt - Date.now());
		delayed.add(timer);
	} else applyLiveMessage(kind, data, id);
}

/** Applies one message to the store. Exported for tests. */
export function applyLiveMessage(kind: string, data: Record<string, unknown>, id?: number): void {
	const now = Date.now();
	$lastUpdate.set(now);
	if (kind === 'snapshot') {
		const serverNow = typeof data.now === 'string' ? Date.parse(data.now) : Number.NaN;
		if (Number.isFinite(serverNow)) serverOffset = serverNow - now;
		for (const m of (data.matches ?? []) as LiveMatchState[]) {
			const current = $liveMatches.get()[m.matchId];
			if (current?.version !== undefined && m.version !== undefined && m.version < current.version)
				continue;
			// The page seeded its matches with names in the visitor's language; the shared SSE
			// snapshot names them as the data does, so names already held are kept.
			const named = current
				? {
						...m,
						home: current.home,
						away: current.away,
						competition: current.competition ?? m.competition,
					}
				: nameLiveMatch(m, names);
			$liveMatches.setKey(m.matchId, { ...named, clock: isClock(m.clock) ? m.clock : null });
		}
		return;
	}
	const matchId = String(data.matchId);
	if (kind === 'game') {
		const games = Array.isArray(data.games) ? (data.games as LiveGamesMessage['games']) : [];
		$liveGames.setKey(matchId, { id, reason: String(data.reason ?? ''), games, receivedAt: now });
		return;
	}
	const current = $liveMatches.get()[matchId] ?? newcomer(matchId, data);
	if (!current) return;
	const next: LiveMatchState = { ...current };
	const version = typeof data.version === 'number' ? data.version : undefined;
	// Events carry the match's absolute state; an older version (a delayed duplicate, or an
	// event already covered by a newer snapshot) must not move the score back.
	const stale = version !== undefined && current.version !== undefined && version < current.version;
	if (!stale) {
		if (version !== undefined) next.version = version;
		if (typeof data.status === 'string') next.status = data.status;
		if ('minute' in data) next.minute = (data.minute as number | null) ?? null;
		if ('clock' in data) next.clock = isClock(data.clock) ? data.clock : null;
		if (typeof data.kickoffAt === 'string') next.kickoffAt = data.kickoffAt;
		if ('score' in data) next.score = data.score as LiveMatchState['score'];
		if ('ht' in data) next.ht = data.ht as LiveMatchState['ht'];
		if (data.stats) next.stats = { ...next.stats, ...(data.stats as LiveMatchState['stats']) };
		if (data.reset) next.timeline = [];
		if (kind === 'lineups' && id !== undefined) next.lineupsId = id;
	}
	const entry = data.entry as (Record<string, unknown> & { type?: string }) | undefined;
	const entryId = id ?? Number(data.id ?? now);
	if (entry && !next.timeline.some((t) => t.id === entryId)) {
		next.timeline = [...next.timeline, { ...entry, id: entryId }];
		if (!stale) announce(next, entry);
	}
	if (kind === 'correction' && typeof data.cancels === 'number') {
		next.timeline = next.timeline.filter((t) => t.id !== data.cancels);
	}
	$liveMatches.setKey(matchId, next);
}

/**
 * A match the page did not list, met in the stream (a match kicking off while the live list
 * is open): live messages name its teams and competition, so it can be shown at once, named
 * in the visitor's language. Messages without them (older log rows) are skipped.
 */
function newcomer(matchId: string, data: Record<string, unknown>): LiveMatchState | undefined {
	const home = data.home as LiveMatchState['home'] | undefined;
	const away = data.away as LiveMatchState['away'] | undefined;
	if (typeof home?.name !== 'string' || typeof away?.name !== 'string') return undefined;
	const competition = data.competition as LiveMatchState['competition'];
	return nameLiveMatch(
		{
			matchId,
			status: String(data.status ?? 'scheduled'),
			minute: null,
			score: null,
			home,
			away,
			isReplay: data.isReplay === true,
			timeline: [],
			...(competition ? { competition } : {}),
		},
		names,
	);
}

function announce(match: LiveMatchState, entry: { type?: string; review?: unknown }): void {
	// Under review is not a goal yet; the correction confirming it is announced as one.
	if (entry.review === true) return;
	const kind = GOALS.has(entry.type ?? '') ? 'goal' : REDS.has(entry.type ?? '') ? 'red' : null;
	// Hidden scores are never read out either.
	if (!kind || $spoiler.get().mode === 'hide') return;
	pendingAnnounce = {
		kind,
		matchId: match.matchId,
		home: match.home.name,
		away: match.away.name,
		score: match.score,
	};
	flushAnnouncement();
}

/** Never chatty: one announcement per ANNOUNCE_GAP_MS; a burst ends with its latest item. */
function flushAnnouncement(): void {
	if (!pendingAnnounce) return;
	const now = Date.now();
	const wait = lastAnnounce + ANNOUNCE_GAP_MS - now;
	if (wait > 0) {
		clearTimeout(announceTimer);
		announceTimer = setTimeout(flushAnnouncement, wait);
		return;
	}
	lastAnnounce = now;
	$announcement.set({ ...pendingAnnounce, seq: ++announceSeq });
	pendingAnnounce = null;
}

/** The browser went offline: keep the last state, stop retrying, say so. */
export function goOffline(): void {
	source?.close();
	source = null;
	clearTimeout(reopenTimer);
	$liveConnection.set('offline');
}

/** Back online: reopen at once, resuming after the last event seen. */
export function goOnline(): void {
	backoffMs = 1000;
	if (streamKey() !== '') $liveConnection.set('connecting');
	scheduleOpen(0);
}

/**
 * The minute as a row or scoreboard shows it (`37'`, `45+2'`, half time, full time), read from
 * the match's clock in server time (lib/live/clock.ts): every island shows the same minute.
 */
export function minuteText(m: LiveMatchState, labels: ClockLabels, now: number): string {
	return clockLabel(m, labels, now + serverOffset);
}

/** The browser's `Date.now()` in server time: what the match clock is read against. */
export function serverNow(now = Date.now()): number {
	return now + serverOffset;
}

/** Test hook: forgets every watcher, message and timer. */
export function resetLiveForTests(): void {
	source?.close();
	source = null;
	sourceKey = '';
	watchers.clear();
	watchAll = 0;
	lastEventId = null;
	backoffMs = 1000;
	clearTimeout(reopenTimer);
	clearTimeout(announceTimer);
	for (const t of delayed) clearTimeout(t);
	delayed.clear();
	lastRelease = 0;
	lastAnnounce = -Infinity;
	pendingAnnounce = null;
	names = null;
	serverOffset = 0;
	$liveMatches.set({});
	$liveGames.set({});
	$liveConnection.set('connecting');
	$lastUpdate.set(null);
	$announcement.set(null);
}

if (typeof window !== 'undefined') {
	window.addEventListener('offline', goOffline);
	window.addEventListener('online', goOnline);
}
