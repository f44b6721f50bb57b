/**
 * The clocks server decisions are made by. Tests move them to expire tokens, plans and
 * signed URLs without waiting; production never calls the setters. Auth and payments keep
 * separate clocks so a test can put a plan years ahead while the visitor's session stays
 * valid.
 */
function settableClock() {
	let source: () => number = () => Date.now();
	return {
		now: (): number => source(),
		set: (fn?: () => number): void => {
			source = fn ?? (() => Date.now());
		},
	};
}

const auth = settableClock();
const payments = settableClock();

/** Milliseconds since the epoch, for auth decisions (tokens, sessions, reset links, limits). */
export const now = auth.now;
/** Replaces the auth clock (tests); call with nothing to restore the real one. */
export const setClockForTests = auth.set;

/** Milliseconds since the epoch, for payment and playback decisions (plans, checkouts, URLs). */
export const paymentsNow = payments.now;
/** Replaces the payments clock (tests); call with nothing to restore the real one. */
export const setPaymentsClockForTests = payments.set;
