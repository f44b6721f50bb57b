import { config } from '~/server/config';
import { now } from '../clock';

/** Every limiter made, of any feature, so that tests can start each case from empty. */
const tracked = new Set<{ clear(): void }>();

/** Registers a limiter of another kind (limits/token-bucket.ts) for resetRateLimitsForTests. */
export function trackLimiter(limiter: { clear(): void }): void {
	tracked.add(limiter);
}

/** Bounds memory: past this many keys the oldest are dropped. */
const MAX_KEYS = 50_000;

export interface RateDecision {
	ok: boolean;
	/** Seconds until the next attempt would be allowed (for `Retry-After`). */
	retryAfter: number;
}

/**
 * A sliding-window counter kept in memory: at most `limit` hits per `windowMs` per key.
 * Per process; behind a load balancer each process counts on its own, which only makes
 * the effective limit a small multiple (documented in docs/auth.md).
 */
export class SlidingWindowLimiter {
	private readonly hits = new Map<string, number[]>();

	constructor(
		/** A number, or a function read at each check (a limit that comes from the settings). */
		private readonly max: number | (() => number),
		readonly windowMs: number,
	) {
		trackLimiter(this);
	}

	get limit(): number {
		return typeof this.max === 'function' ? this.max() : this.max;
	}

	/** Counts one attempt for `key` unless the key is already over its limit. */
	hit(key: string): RateDecision {
		const decision = this.peek(key);
		if (!decision.ok) return decision;
		const list = this.hits.get(key) ?? [];
		list.push(now());
		this.hits.delete(key); // re-insert: Map order doubles as least-recently-used order
		this.hits.set(key, list);
		if (this.hits.size > MAX_KEYS) {
			const oldest = this.hits.keys().next().value;
			if (oldest !== undefined) this.hits.delete(oldest);
		}
		return { ok: true, retryAfter: 0 };
	}

	/** Whether `key` may make another attempt, without counting one. */
	peek(key: string): RateDecision {
		const at = now();
		const list = (this.hits.get(key) ?? []).filter((t) => t > at - this.windowMs);
		if (list.length === 0) this.hits.delete(key);
		else this.hits.set(key, list);
		if (list.length < this.limit) return { ok: true, retryAfter: 0 };
		const first = list[0] ?? at;
		return { ok: false, retryAfter: Math.max(1, Math.ceil((first + this.windowMs - at) / 1000)) };
	}

	/** Takes back the latest attempt of `key` (it succeeded; see `release` below). */
	release(key: string): void {
		const list = this.hits.get(key);
		list?.pop();
		if (list?.length === 0) this.hits.delete(key);
	}

	reset(key: string): void {
		this.hits.delete(key);
	}

	clear(): void {
		this.hits.clear();
	}
}

const MINUTE = 60_000;

/**
 * Every limit of the accounts area in one place. The login limits count failures only
 * (issue 28/7): a desk of editors behind one office address logs in as often as it likes;
 * see login.ts for how a locked account still lets its owner in.
 */
export const limits = {
	loginPerEmail: new SlidingWindowLimiter(10, 15 * MINUTE),
	loginPerClient: new SlidingWindowLimiter(50, 15 * MINUTE),
	cmsLoginPerEmail: new SlidingWindowLimiter(5, 15 * MINUTE),
	cmsLoginPerClient: new SlidingWindowLimiter(() => config().CMS_LOGIN_PER_CLIENT, 15 * MINUTE),
	registerPerClient: new SlidingWindowLimiter(
		() => config().REGISTER_PER_CLIENT_PER_HOUR,
		60 * MINUTE,
	),
	forgotPerClient: new SlidingWindowLimiter(10, 15 * MINUTE),
	/** Mails per address: beyond it the answer is unchanged, the mail is simply not sent. */
	resetMailsPerEmail: new SlidingWindowLimiter(5, 60 * MINUTE),
	resetPerClient: new SlidingWindowLimiter(20, 15 * MINUTE),
	/**
	 * Registration mails per address (finding 16: one address registered from 8 clients got
	 * 8 mails). Past the cap the answer is unchanged and the mail is not sent.
	 */
	existsMailsPerEmail: new SlidingWindowLimiter(2, 24 * 60 * MINUTE),
	welcomeMailsPerEmail: new SlidingWindowLimiter(2, 24 * 60 * MINUTE),
	/** "Send the confirmation link again" from the account page, per account. */
	confirmMailsPerUser: new SlidingWindowLimiter(3, 60 * MINUTE),
	refreshPerClient: new SlidingWindowLimiter(120, MINUTE),
	passwordChecksPerUser: new SlidingWindowLimiter(10, 15 * MINUTE),
	/** Wrong second-factor codes (TOTP or recovery) per staff member and per client address. */
	totpPerUser: new SlidingWindowLimiter(5, 15 * MINUTE),
	totpPerClient: new SlidingWindowLimiter(() => config().CMS_LOGIN_PER_CLIENT * 4, 15 * MINUTE),
};

/** Empties every limiter of every feature (tests). */
export function resetRateLimitsForTests(): void {
	for (const limiter of tracked) limiter.clear();
}

/**
 * Gives back attempts counted by `hit` that turned out not to be failures: a limit that
 * counts failures only still counts each attempt while it runs, so a burst of parallel
 * guesses cannot all pass before the first of them is known to be wrong.
 */
export function release(checks: [SlidingWindowLimiter, string][]): void {
	for (const [limiter, key] of checks) limiter.release(key);
}

/** Hits several limiters; the first refusal wins and the rest are not counted. */
export function hitAll(checks: [SlidingWindowLimiter, string][]): RateDecision {
	for (const [limiter, key] of checks) {
		const decision = limiter.peek(key);
		if (!decision.ok) return decision;
	}
	for (const [limiter, key] of checks) limiter.hit(key);
	return { ok: true, retryAfter: 0 };
}
