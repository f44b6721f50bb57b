/**
 * The time every auth decision uses. Tests replace it to expire tokens, families and
 * reset links without waiting; production never calls the setter.
 */
let source: () => number = () => Date.now();

/** Milliseconds since the epoch, from the current clock. */
export function now(): number {
	return source();
}

/** Replaces the clock (tests); call with nothing to restore the real one. */
export function setClockForTests(fn?: () => number): void {
	source = fn ?? (() => Date.now());
}
