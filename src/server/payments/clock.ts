/**
 * The time every payment and playback decision uses. Tests replace it to expire checkouts,
 * plans and signed URLs without waiting; production never calls the setter.
 */
let source: () => number = () => Date.now();

/** Milliseconds since the epoch. */
export function now(): number {
	return source();
}

/** Replaces the clock (tests); call with nothing to restore the real one. */
export function setPaymentsClockForTests(fn?: () => number): void {
	source = fn ?? (() => Date.now());
}
