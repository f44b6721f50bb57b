import { now } from '../clock';
import { type RateDecision, trackLimiter } from '../auth/rate-limit';

/** Bounds memory: past this many clients the least recently seen is dropped. */
const MAX_KEYS = 100_000;

interface Bucket {
	tokens: number;
	at: number;
}

/**
 * A token bucket per key: up to `perMinute` requests at once, refilled at `perMinute` a
 * minute. Two numbers per key whatever the limit, so a generous limit (hundreds a minute)
 * costs no more memory than a tight one, unlike a sliding window of timestamps. In memory,
 * per process, like the accounts' limits (auth/rate-limit.ts).
 */
export class TokenBucketLimiter {
	private readonly buckets = new Map<string, Bucket>();

	/** `perMinute` is read at each call, so a limit from the settings takes effect at once. */
	constructor(private readonly perMinute: () => number) {
		trackLimiter(this);
	}

	take(key: string): RateDecision {
		const capacity = this.perMinute();
		const perMs = capacity / 60_000;
		const at = now();
		const old = this.buckets.get(key);
		const tokens = old ? Math.min(capacity, old.tokens + (at - old.at) * perMs) : capacity;
		this.buckets.delete(key); // re-insert: Map order doubles as least-recently-used order
		if (tokens < 1) {
			this.buckets.set(key, { tokens, at });
			return { ok: false, retryAfter: Math.max(1, Math.ceil((1 - tokens) / perMs / 1000)) };
		}
		this.buckets.set(key, { tokens: tokens - 1, at });
		if (this.buckets.size > MAX_KEYS) {
			const oldest = this.buckets.keys().next().value;
			if (oldest !== undefined) this.buckets.delete(oldest);
		}
		return { ok: true, retryAfter: 0 };
	}

	clear(): void {
		this.buckets.clear();
	}
}
