import { describe, expect, it } from 'vitest';
import {
	PROGRESS_CEILING,
	PROGRESS_DURATION_MS,
	PROGRESS_THROTTLE_MS,
	progressAt,
} from '~/lib/navigation-progress';

describe('the navigation progress bar (spec: 200 ms throttle, 5000 ms duration, 0–100 %)', () => {
	it('shows nothing during the throttle: a fast navigation has no bar', () => {
		expect(progressAt(0)).toBe(0);
		expect(progressAt(PROGRESS_THROTTLE_MS - 1)).toBe(0);
		expect(progressAt(PROGRESS_THROTTLE_MS)).toBeGreaterThan(0);
	});

	it('rises quickly, then slowly, and never claims 100 before the page is there', () => {
		const at = (ms: number) => progressAt(PROGRESS_THROTTLE_MS + ms);
		expect(at(500) - at(0)).toBeGreaterThan(at(4500) - at(4000));
		let last = 0;
		for (let ms = PROGRESS_THROTTLE_MS; ms <= 20_000; ms += 100) {
			const p = progressAt(ms);
			expect(p).toBeGreaterThanOrEqual(last);
			expect(p).toBeLessThanOrEqual(PROGRESS_CEILING);
			last = p;
		}
		expect(progressAt(PROGRESS_THROTTLE_MS + PROGRESS_DURATION_MS)).toBe(PROGRESS_CEILING);
	});
});
