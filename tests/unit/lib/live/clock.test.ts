import { describe, expect, it } from 'vitest';
import {
	anchorClock,
	clockLabel,
	clockMinute,
	isClock,
	type MatchClock,
	readingText,
} from '~/lib/live/clock';
import { buildReplay, type PastMatch } from '~/server/live/providers/replay-schedule';

const T0 = Date.parse('2026-11-27T20:00:00Z');
const at = (ms: number) => new Date(T0 + ms).toISOString();
const labels = { halfTime: 'HT', finished: 'FT' };

describe('the match clock', () => {
	it('reads football minutes from the period start: 1′ at kick-off, 45+2′ in stoppage', () => {
		const first: MatchClock = { period: 1, startedAt: at(0), rate: 1 };
		expect(readingText(clockMinute(first, T0))).toBe("1'");
		expect(readingText(clockMinute(first, T0 + 59_999))).toBe("1'");
		expect(readingText(clockMinute(first, T0 + 60_000))).toBe("2'");
		expect(readingText(clockMinute(first, T0 + 46 * 60_000 + 5))).toBe("45+2'");
		const second: MatchClock = { period: 2, startedAt: at(0), rate: 1 };
		expect(readingText(clockMinute(second, T0 + 1000))).toBe("46'");
		expect(readingText(clockMinute(second, T0 + 48 * 60_000))).toBe("90+4'");
		const et: MatchClock = { period: 3, startedAt: at(0), rate: 1 };
		expect(readingText(clockMinute(et, T0 + 14 * 60_000))).toBe("105'");
	});

	it('runs at a replay’s speed and never before the period’s first minute', () => {
		const replay: MatchClock = { period: 1, startedAt: at(0), rate: 60 };
		expect(clockMinute(replay, T0 + 17_000).minute).toBe(18);
		expect(clockMinute(replay, T0 - 10_000).minute).toBe(1);
	});

	it('moves one minute at a time: sampled every second over a half, never back, never two', () => {
		const clock: MatchClock = { period: 2, startedAt: at(0), rate: 60 };
		let last = clockMinute(clock, T0);
		for (let t = 1; t <= 3000; t++) {
			const now = clockMinute(clock, T0 + t * 1000);
			const step = now.minute + now.added - (last.minute + last.added);
			expect(step === 0 || step === 1).toBe(true);
			last = now;
		}
	});

	it('labels half time, full time and a match without a clock as it is', () => {
		expect(clockLabel({ status: 'half_time', minute: 45 }, labels, T0)).toBe('HT');
		expect(clockLabel({ status: 'finished_aet', minute: 120 }, labels, T0)).toBe('FT');
		expect(clockLabel({ status: 'scheduled', minute: null }, labels, T0)).toBe('');
		expect(clockLabel({ status: 'live', minute: 0 }, labels, T0)).toBe("1'");
		// Without a clock the last minute committed is shown, not counted on.
		expect(clockLabel({ status: 'live', minute: 57 }, labels, T0 + 3_600_000)).toBe("57'");
	});

	it('keeps its anchor for a late or stoppage report and re-anchors when clearly slow', () => {
		const clock: MatchClock = { period: 2, startedAt: at(0), rate: 1 };
		const tenIn = T0 + 10 * 60_000; // reads 56'
		expect(anchorClock(clock, 53, tenIn)).toBe(clock);
		expect(anchorClock(clock, 57, tenIn)).toBe(clock);
		const moved = anchorClock(clock, 60, tenIn);
		expect(clockMinute(moved, tenIn).minute).toBe(60);
		// A new period starts its own clock at its first minute.
		const second = anchorClock({ period: 1, startedAt: at(0), rate: 1 }, 46, tenIn);
		expect(second.period).toBe(2);
		expect(clockMinute(second, tenIn).minute).toBe(46);
	});

	it('accepts only well-formed clocks from the wire', () => {
		expect(isClock({ period: 2, startedAt: at(0), rate: 60 })).toBe(true);
		expect(isClock({ period: 5, startedAt: at(0), rate: 1 })).toBe(false);
		expect(isClock({ period: 1, startedAt: 'soon', rate: 1 })).toBe(false);
		expect(isClock({ period: 1, startedAt: at(0), rate: 0 })).toBe(false);
		expect(isClock(null)).toBe(false);
	});
});

describe('a replay on its own clock', () => {
	const match: PastMatch = {
		matchId: '7',
		ht: { home: 1, away: 0 },
		ft: { home: 2, away: 2 },
		et: { home: 3, away: 2 },
		pen: null,
		incidents: [
			{ minute: 12, stoppage: null },
			{ minute: 45, stoppage: 3 },
			{ minute: 54, stoppage: null },
			{ minute: 90, stoppage: 4 },
			{ minute: 90, stoppage: 1 },
			{ minute: 101, stoppage: null },
			{ minute: 119, stoppage: null },
		].map((i, n) => ({
			type: 'goal' as const,
			side: n % 2 === 0 ? ('home' as const) : ('away' as const),
			player: `P${n}`,
			penalty: false,
			ownGoal: false,
			card: null,
			...i,
		})),
	};
	const steps = buildReplay(match);

	it('shows each incident’s own minute on the clock when it arrives', () => {
		let clock: MatchClock | null = null;
		const speed = 60;
		for (const step of steps) {
			if (step.period)
				clock = { period: step.period, startedAt: at((step.at * 1000) / speed), rate: speed };
			const e = step.change.entry;
			if (!clock || !e || step.change.kind !== 'event') continue;
			const shown = readingText(clockMinute(clock, T0 + (step.at * 1000) / speed));
			const expected = e.addedTime ? `${e.minute}+${e.addedTime}'` : `${e.minute}'`;
			expect(shown).toBe(expected);
		}
	});

	it('starts all four periods of a match that went to extra time, in order', () => {
		expect(steps.filter((s) => s.period).map((s) => s.period)).toEqual([1, 2, 3, 4]);
		const times = steps.map((s) => s.at);
		expect(times).toEqual([...times].sort((a, b) => a - b));
		expect(steps.at(-1)?.change.status).toBe('finished_aet');
	});
});
