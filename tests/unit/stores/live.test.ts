import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * The $live store against a fake EventSource (the network edge) and a fake window for the
 * online/offline events. Timers are faked: delays and throttles are advanced explicitly.
 */
class FakeEventSource {
	static instances: FakeEventSource[] = [];
	readonly url: string;
	readyState = 0;
	onopen: (() => void) | null = null;
	onerror: (() => void) | null = null;
	private listeners = new Map<string, Array<(e: { data: string; lastEventId: string }) => void>>();
	constructor(url: string) {
		this.url = url;
		FakeEventSource.instances.push(this);
	}
	addEventListener(kind: string, fn: (e: { data: string; lastEventId: string }) => void) {
		this.listeners.set(kind, [...(this.listeners.get(kind) ?? []), fn]);
	}
	close() {
		this.readyState = 2;
	}
	// Test side:
	open() {
		this.readyState = 1;
		this.onopen?.();
	}
	emit(kind: string, id: number, data: unknown) {
		for (const fn of this.listeners.get(kind) ?? [])
			fn({ data: JSON.stringify(data), lastEventId: String(id) });
	}
	emitRaw(kind: string, id: number, data: string) {
		for (const fn of this.listeners.get(kind) ?? []) fn({ data, lastEventId: String(id) });
	}
	fail(closed: boolean) {
		this.readyState = closed ? 2 : 0;
		this.onerror?.();
	}
	get params() {
		return new URL(this.url, 'http://x').searchParams;
	}
}

const fakeWindow = new EventTarget();
const nav = { onLine: true };
const storage = new Map<string, string>();
const fakeStorage = {
	getItem: (k: string) => storage.get(k) ?? null,
	setItem: (k: string, v: string) => void storage.set(k, v),
	removeItem: (k: string) => void storage.delete(k),
};

type LiveModule = typeof import('~/stores/live');
type SpoilerModule = typeof import('~/stores/spoiler');
let live: LiveModule;
let spoiler: SpoilerModule;

const latest = () => FakeEventSource.instances.at(-1) as FakeEventSource;
const match = (id: string, extra: Record<string, unknown> = {}) => ({
	matchId: id,
	status: 'live',
	minute: 10,
	score: { home: 0, away: 0 },
	home: { id: 1, name: 'Home' + id },
	away: { id: 2, name: 'Away' + id },
	isReplay: true,
	version: 5,
	timeline: [],
	...extra,
});

beforeAll(async () => {
	vi.stubGlobal('EventSource', FakeEventSource);
	vi.stubGlobal('window', fakeWindow);
	vi.stubGlobal('navigator', nav);
	vi.stubGlobal('localStorage', fakeStorage);
	vi.resetModules();
	live = await import('~/stores/live');
	spoiler = await import('~/stores/spoiler');
});
afterAll(() => vi.unstubAllGlobals());

beforeEach(() => {
	vi.useFakeTimers();
	live.resetLiveForTests();
	FakeEventSource.instances = [];
	nav.onLine = true;
	spoiler.setSpoiler({ mode: 'off', delaySec: 0 });
	spoiler.$revealed.set(new Set());
	return () => {
		live.resetLiveForTests();
		vi.useRealTimers();
	};
});

describe('$live watching', () => {
	it('opens one stream per tab for every watched match, refcounted per id', () => {
		const stopA = live.watchMatches(['7', '3']);
		const stopB = live.watchMatches(['3']);
		vi.runOnlyPendingTimers();
		expect(FakeEventSource.instances).toHaveLength(1);
		expect(latest().params.get('matches')).toBe('3,7');
		stopB();
		vi.runOnlyPendingTimers();
		// Match 3 is still watched by A: the stream is not reopened.
		expect(FakeEventSource.instances).toHaveLength(1);
		stopA();
		stopA(); // a second call is harmless
		vi.runOnlyPendingTimers();
		expect(FakeEventSource.instances).toHaveLength(1);
		expect(latest().readyState).toBe(2);
	});

	it('a page change that watches the same matches keeps the stream open (client navigation)', () => {
		const stopOld = live.watchMatches(null);
		vi.runOnlyPendingTimers();
		expect(FakeEventSource.instances).toHaveLength(1);
		// The old page's island unmounts; the new page's mounts a moment later.
		stopOld();
		vi.advanceTimersByTime(300);
		const stopNew = live.watchMatches(null);
		vi.runOnlyPendingTimers();
		expect(FakeEventSource.instances).toHaveLength(1);
		expect(latest().readyState).not.toBe(2);
		// Nobody watching for longer than the linger: closed.
		stopNew();
		vi.advanceTimersByTime(live.LINGER_MS - 1);
		expect(latest().readyState).not.toBe(2);
		vi.advanceTimersByTime(1);
		expect(latest().readyState).toBe(2);
	});

	it('follows every live match without a matches parameter', () => {
		const stop = live.watchMatches(null);
		vi.runOnlyPendingTimers();
		expect(latest().url).toBe('/api/live');
		stop();
	});

	it('reopens with the last event id when the set of matches changes', () => {
		live.watchMatches(['1']);
		vi.runOnlyPendingTimers();
		latest().emit('snapshot', 40, { matches: [match('1')] });
		latest().emit('score', 41, { matchId: '1', score: { home: 1, away: 0 }, version: 6 });
		live.watchMatches(['2']);
		vi.runOnlyPendingTimers();
		expect(FakeEventSource.instances).toHaveLength(2);
		expect(FakeEventSource.instances[0]?.readyState).toBe(2);
		expect(latest().params.get('matches')).toBe('1,2');
		expect(latest().params.get('lastEventId')).toBe('41');
	});
});

describe('$live deltas', () => {
	function connected() {
		live.watchMatches(['1']);
		vi.runOnlyPendingTimers();
		const es = latest();
		es.open();
		es.emit('snapshot', 10, { matches: [match('1')] });
		return es;
	}

	it('applies snapshot, score, timeline and corrections, each timeline entry once', () => {
		const es = connected();
		expect(live.$liveConnection.get()).toBe('open');
		const goal = { type: 'goal', minute: 12, side: 'home', player: 'A. Striker' };
		es.emit('event', 11, {
			matchId: '1',
			score: { home: 1, away: 0 },
			minute: 12,
			entry: goal,
			version: 6,
		});
		es.emit('event', 11, {
			matchId: '1',
			score: { home: 1, away: 0 },
			minute: 12,
			entry: goal,
			version: 6,
		});
		let m = live.$liveMatches.get()['1'];
		expect(m?.score).toEqual({ home: 1, away: 0 });
		expect(m?.minute).toBe(12);
		expect(m?.timeline.map((t) => t.id)).toEqual([11]);
		es.emit('correction', 12, {
			matchId: '1',
			score: { home: 0, away: 0 },
			cancels: 11,
			version: 7,
		});
		m = live.$liveMatches.get()['1'];
		expect(m?.score).toEqual({ home: 0, away: 0 });
		expect(m?.timeline).toEqual([]);
		es.emit('stats', 13, { matchId: '1', stats: { shots: [3, 1] }, version: 8 });
		es.emit('status', 14, { matchId: '1', status: 'half_time', minute: 45, version: 9 });
		m = live.$liveMatches.get()['1'];
		expect(m?.stats).toEqual({ shots: [3, 1] });
		expect(m?.status).toBe('half_time');
		expect(live.$lastUpdate.get()).toBe(Date.now());
	});

	it('never moves a match back to an older version, and ignores unknown matches and bad JSON', () => {
		const es = connected();
		es.emit('score', 11, { matchId: '1', score: { home: 2, away: 0 }, version: 7 });
		es.emit('score', 9, { matchId: '1', score: { home: 1, away: 0 }, version: 6 });
		es.emit('score', 12, { matchId: '99', score: { home: 5, away: 5 }, version: 1 });
		es.emitRaw('score', 13, '{not json');
		expect(live.$liveMatches.get()['1']?.score).toEqual({ home: 2, away: 0 });
		expect(live.$liveMatches.get()['99']).toBeUndefined();
	});

	it('reconnects with lastEventId after the server closed the stream, backing off', () => {
		const es = connected();
		es.emit('score', 11, { matchId: '1', score: { home: 1, away: 0 }, version: 6 });
		// A transient error: the browser retries by itself (sending Last-Event-ID).
		es.fail(false);
		vi.advanceTimersByTime(5000);
		expect(FakeEventSource.instances).toHaveLength(1);
		expect(live.$liveConnection.get()).toBe('connecting');
		// Closed for good: the store reopens after 1 s, resuming after id 11.
		es.fail(true);
		vi.advanceTimersByTime(999);
		expect(FakeEventSource.instances).toHaveLength(1);
		vi.advanceTimersByTime(1);
		expect(FakeEventSource.instances).toHaveLength(2);
		expect(latest().params.get('lastEventId')).toBe('11');
		latest().fail(true);
		vi.advanceTimersByTime(1999);
		expect(FakeEventSource.instances).toHaveLength(2);
		vi.advanceTimersByTime(1);
		expect(FakeEventSource.instances).toHaveLength(3);
	});

	it('offline keeps the last state and says so; online catches up from the last id', () => {
		const es = connected();
		es.emit('score', 11, { matchId: '1', score: { home: 1, away: 0 }, version: 6 });
		nav.onLine = false;
		fakeWindow.dispatchEvent(new Event('offline'));
		expect(live.$liveConnection.get()).toBe('offline');
		expect(es.readyState).toBe(2);
		es.fail(true);
		vi.advanceTimersByTime(60_000);
		expect(FakeEventSource.instances).toHaveLength(1);
		expect(live.$liveMatches.get()['1']?.score).toEqual({ home: 1, away: 0 });
		nav.onLine = true;
		fakeWindow.dispatchEvent(new Event('online'));
		vi.runOnlyPendingTimers();
		expect(FakeEventSource.instances).toHaveLength(2);
		expect(latest().params.get('lastEventId')).toBe('11');
		latest().open();
		latest().emit('score', 12, { matchId: '1', score: { home: 2, away: 0 }, version: 7 });
		expect(live.$liveConnection.get()).toBe('open');
		expect(live.$liveMatches.get()['1']?.score).toEqual({ home: 2, away: 0 });
	});
});

describe('$live announcements and spoilers', () => {
	function connected() {
		live.watchMatches(['1']);
		vi.runOnlyPendingTimers();
		const es = latest();
		es.emit('snapshot', 10, { matches: [match('1')] });
		return es;
	}
	const goal = (id: number, home: number) => ({
		matchId: '1',
		score: { home, away: 0 },
		version: 5 + id,
		entry: { type: 'goal', minute: id, side: 'home' },
	});

	it('announces goals politely: one per 10 s, a burst ends with its latest', () => {
		const es = connected();
		es.emit('event', 11, { matchId: '1', entry: { type: 'yellow', minute: 3 }, version: 6 });
		expect(live.$announcement.get()).toBeNull();
		es.emit('event', 12, goal(12, 1));
		expect(live.$announcement.get()).toMatchObject({
			kind: 'goal',
			score: { home: 1, away: 0 },
			home: 'Home1',
		});
		es.emit('event', 13, goal(13, 2));
		es.emit('event', 14, goal(14, 3));
		expect(live.$announcement.get()?.score).toEqual({ home: 1, away: 0 });
		vi.advanceTimersByTime(ANNOUNCE_GAP());
		expect(live.$announcement.get()?.score).toEqual({ home: 3, away: 0 });
		const seq = live.$announcement.get()?.seq;
		vi.advanceTimersByTime(60_000);
		expect(live.$announcement.get()?.seq).toBe(seq);
		es.emit('event', 15, {
			matchId: '1',
			entry: { type: 'red', minute: 70, side: 'away' },
			version: 20,
		});
		expect(live.$announcement.get()).toMatchObject({ kind: 'red' });
	});

	it('hide mode never reads a score out', () => {
		spoiler.setSpoiler({ mode: 'hide', delaySec: 0 });
		const es = connected();
		es.emit('event', 11, goal(11, 1));
		vi.advanceTimersByTime(60_000);
		expect(live.$announcement.get()).toBeNull();
		// The store still knows the score: the islands hide it until revealed.
		expect(live.$liveMatches.get()['1']?.score).toEqual({ home: 1, away: 0 });
		expect(spoiler.scoreHidden(spoiler.$spoiler.get(), spoiler.$revealed.get(), '1')).toBe(true);
		spoiler.revealScore('1');
		expect(spoiler.scoreHidden(spoiler.$spoiler.get(), spoiler.$revealed.get(), '1')).toBe(false);
		expect(spoiler.scoreHidden(spoiler.$spoiler.get(), spoiler.$revealed.get(), '2')).toBe(true);
	});

	it('delay mode holds every update back by the chosen seconds, in order', () => {
		const es = connected();
		spoiler.setSpoiler({ mode: 'delay', delaySec: 30 });
		es.emit('event', 11, goal(11, 1));
		es.emit('event', 12, goal(12, 2));
		vi.advanceTimersByTime(29_999);
		expect(live.$liveMatches.get()['1']?.score).toEqual({ home: 0, away: 0 });
		expect(live.$announcement.get()).toBeNull();
		vi.advanceTimersByTime(1);
		expect(live.$liveMatches.get()['1']?.score).toEqual({ home: 2, away: 0 });
		expect(live.$liveMatches.get()['1']?.timeline.map((t) => t.id)).toEqual([11, 12]);
		// A later snapshot (after a reconnect) is held back too.
		es.emit('snapshot', 20, {
			matches: [match('1', { score: { home: 5, away: 0 }, version: 30 })],
		});
		expect(live.$liveMatches.get()['1']?.score).toEqual({ home: 2, away: 0 });
		vi.advanceTimersByTime(30_000);
		expect(live.$liveMatches.get()['1']?.score).toEqual({ home: 5, away: 0 });
	});

	it("delay mode follows the player's latency when it is known, and never reorders the log", () => {
		const es = connected();
		spoiler.setSpoiler({ mode: 'delay', delaySec: 30 });
		// The player measures its picture 8 s behind: updates land 8 s late, not 30.
		spoiler.reportStreamLatency(8.4);
		expect(spoiler.$streamLatency.get()).toBe(8);
		es.emit('event', 11, goal(11, 1));
		vi.advanceTimersByTime(7_999);
		expect(live.$liveMatches.get()['1']?.score).toEqual({ home: 0, away: 0 });
		vi.advanceTimersByTime(1);
		expect(live.$liveMatches.get()['1']?.score).toEqual({ home: 1, away: 0 });
		// Latency grows to 20 s: a goal held that long; then it falls to 2 s and the next goal
		// waits for the first rather than overtaking it.
		spoiler.reportStreamLatency(20);
		es.emit('event', 12, goal(12, 2));
		spoiler.reportStreamLatency(2);
		es.emit('event', 13, goal(13, 3));
		vi.advanceTimersByTime(19_999);
		expect(live.$liveMatches.get()['1']?.score).toEqual({ home: 1, away: 0 });
		vi.advanceTimersByTime(1);
		expect(live.$liveMatches.get()['1']?.score).toEqual({ home: 3, away: 0 });
		expect(live.$liveMatches.get()['1']?.timeline.map((t) => t.id)).toEqual([11, 12, 13]);
		// The player stops: the chosen seconds again. Off: nothing is held.
		spoiler.reportStreamLatency(null);
		expect(spoiler.spoilerDelaySec()).toBe(30);
		spoiler.setSpoiler({ mode: 'off', delaySec: 30 });
		spoiler.reportStreamLatency(12);
		expect(spoiler.spoilerDelaySec()).toBe(0);
		spoiler.reportStreamLatency(null);
	});

	it('remembers the spoiler mode per visitor and bounds the delay', async () => {
		spoiler.setSpoiler({ mode: 'delay', delaySec: 45 });
		expect(storage.get('matchday.spoiler')).toBe('delay:45');
		vi.resetModules();
		const again = await import('~/stores/spoiler');
		expect(again.$spoiler.get()).toEqual({ mode: 'delay', delaySec: 45 });
		expect(again.parseSpoiler('hide:x')).toEqual({ mode: 'hide', delaySec: 0 });
		expect(again.parseSpoiler('delay:99999')).toEqual({ mode: 'delay', delaySec: 600 });
		expect(again.parseSpoiler('<script>')).toEqual({ mode: 'off', delaySec: 0 });
	});
});

describe('the minute on the match clock', () => {
	const labels = { halfTime: 'HT', finished: 'FT' };

	it('reads the clock in server time: a browser running 10 minutes slow shows the right minute', () => {
		const server = Date.UTC(2024, 0, 1, 20, 30);
		const browser = server - 10 * 60_000;
		vi.setSystemTime(browser);
		const clock = {
			period: 2,
			startedAt: new Date(server - 9 * 60_000 - 1).toISOString(),
			rate: 1,
		};
		live.applyLiveMessage('snapshot', {
			now: new Date(server).toISOString(),
			matches: [match('1', { minute: 46, clock })],
		});
		const m = live.$liveMatches.get()['1'] as Parameters<LiveModule['minuteText']>[0];
		expect(live.minuteText(m, labels, browser)).toBe("55'");
		expect(live.minuteText(m, labels, browser + 60_000)).toBe("56'");
		vi.useRealTimers();
		vi.useFakeTimers();
	});

	it('follows the clock a message carries, and forgets it at half time', () => {
		live.applyLiveMessage('snapshot', { matches: [match('1', { minute: 10 })] });
		const startedAt = new Date(Date.now() - 20 * 60_000).toISOString();
		live.applyLiveMessage('event', {
			matchId: '1',
			version: 9,
			status: 'live',
			minute: 20,
			clock: { period: 1, startedAt, rate: 1 },
		});
		const get = () => live.$liveMatches.get()['1'] as Parameters<LiveModule['minuteText']>[0];
		expect(live.minuteText(get(), labels, Date.now())).toBe("21'");
		live.applyLiveMessage('status', {
			matchId: '1',
			version: 10,
			status: 'half_time',
			minute: 45,
			clock: null,
		});
		expect(get().clock).toBeNull();
		expect(live.minuteText(get(), labels, Date.now())).toBe('HT');
	});

	it('adds a match it did not know when a message names its teams (a kick-off)', () => {
		live.applyLiveMessage('snapshot', { matches: [match('1')] });
		live.applyLiveMessage('status', { matchId: '2', version: 1, status: 'live', minute: 0 });
		expect(live.$liveMatches.get()['2']).toBeUndefined();
		live.applyLiveMessage('status', {
			matchId: '2',
			version: 2,
			status: 'live',
			minute: 0,
			home: { id: 5, name: 'Spain' },
			away: { id: 6, name: 'Italy' },
			competition: { id: 1, name: 'Euro', slug: 'euro' },
		});
		expect(live.$liveMatches.get()['2']).toMatchObject({
			status: 'live',
			home: { name: 'Spain' },
			away: { name: 'Italy' },
			competition: { slug: 'euro' },
		});
	});
});

function ANNOUNCE_GAP() {
	return live.ANNOUNCE_GAP_MS;
}
