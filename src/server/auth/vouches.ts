import { Redis } from 'ioredis';
import { z } from 'zod';
import { invalidateTags, planTag } from '../cache/tags';
import { now } from '../clock';
import { config } from '../config';

/**
 * What lets the front server answer a signed-in visitor from the member cache without
 * Astro or the database (scripts/serve.mjs, src/server/front/cache.ts).
 *
 * A session is *vouched for* in a process when its database check passed there
 * (sessions.ts `checkSession`): the front accepts an access token whose signature and
 * claims hold AND whose session this process vouched for, with the same user and token
 * version, less than VOUCH_MS ago. Everything else goes to Astro, which asks the database.
 *
 * Revocations (logout, logout everywhere, password change or reset, disabling, deletion)
 * withdraw the vouches, here at once and in every other process through Redis pub/sub,
 * published after the change committed. A check that was already running when a
 * revocation arrived may not vouch afterwards (it may have read the row before the commit):
 * a revocation is remembered for CUT_MEMORY_MS, longer than any check takes.
 *
 * Fail closed: with REDIS_URL set, no process vouches while its subscription is down, and
 * every vouch is dropped when it goes down (revocations may be missed meanwhile). Both maps
 * are bounded; past the bound the vouches are dropped, never the revocations' effect.
 * Plan changes (for the expiry reminder the member cache depends on) travel the same way.
 */

/** How long one database check vouches for a session in the front. */
export const VOUCH_MS = 10 * 60_000;
/** How long a revocation is remembered against checks that started before it. */
const CUT_MEMORY_MS = 60_000;
const MAX_VOUCHES = 100_000;
const MAX_CUTS = 100_000;
export const REVOCATION_CHANNEL = 'matchday:auth:changes';

interface Vouch {
	userId: string;
	version: number;
	/** Until when: the vouch's own end or the session's absolute end, whichever is first. */
	until: number;
}

const vouches = new Map<string, Vouch>();
/** Session or user ids (`s:` / `u:`) revoked lately, with when. */
const cuts = new Map<string, number>();

const messageSchema = z.discriminatedUnion('t', [
	z.object({ t: z.literal('session'), id: z.string().min(1).max(100) }),
	z.object({ t: z.literal('user'), id: z.string().min(1).max(100) }),
	z.object({ t: z.literal('plan'), id: z.string().min(1).max(100) }),
]);
export type AuthChange = z.infer<typeof messageSchema>;

type Listener = (change: AuthChange) => void;
const listeners = new Set<Listener>();

/** Called for every change applied here, local or from another process (sessions.ts). */
export function onAuthChange(listener: Listener): () => void {
	listeners.add(listener);
	return () => listeners.delete(listener);
}

function remember(key: string, at: number): void {
	if (cuts.size >= MAX_CUTS) {
		// Too many to remember: forget the oldest, and every vouch with them, so nothing
		// vouched before a forgotten revocation survives it.
		for (const [k, t] of cuts) if (t < at - CUT_MEMORY_MS || cuts.size >= MAX_CUTS) cuts.delete(k);
		vouches.clear();
	}
	cuts.set(key, at);
}

function apply(change: AuthChange): void {
	const at = now();
	if (change.t === 'session') {
		vouches.delete(change.id);
		remember(`s:${change.id}`, at);
	} else if (change.t === 'user') {
		for (const [sid, v] of vouches) if (v.userId === change.id) vouches.delete(sid);
		remember(`u:${change.id}`, at);
	} else {
		invalidateTags([planTag(change.id)]);
	}
	for (const listener of listeners) listener(change);
}

let redis: { pub: Redis; sub: Redis; ready: boolean } | undefined;

/**
 * Counts the subscription's drops and returns: whatever a process keeps on the strength of
 * hearing every change (a segment's entitlement answer) is keyed by it, so nothing kept
 * before a gap in which changes may have been lost is used after it.
 */
let hearingEpoch = 0;

/** The current epoch of `hearingEpoch` (streams/media.ts keys its kept answers with it). */
export function changesEpoch(): number {
	return hearingEpoch;
}

/** Connects this process to the other processes' changes (once; a no-op without Redis). */
export function followAuthChanges(): void {
	const url = config().REDIS_URL;
	if (redis || !url) return;
	const common = {
		retryStrategy: (times: number) => Math.min(100 * times, 2000),
		connectTimeout: 2000,
		enableOfflineQueue: false,
		maxRetriesPerRequest: 0,
	};
	const state = {
		pub: new Redis(url, common),
		sub: new Redis(url, { ...common, enableOfflineQueue: true, maxRetriesPerRequest: null }),
		ready: false,
	};
	redis = state;
	const down = () => {
		state.ready = false;
		hearingEpoch++;
		// Revocations published meanwhile never reach us: nothing vouched before counts.
		vouches.clear();
	};
	for (const client of [state.pub, state.sub]) client.on('error', () => {});
	state.sub.on('ready', () => {
		state.sub.subscribe(REVOCATION_CHANNEL).then(() => {
			vouches.clear();
			hearingEpoch++;
			state.ready = true;
		}, down);
	});
	state.sub.on('close', down);
	state.sub.on('end', down);
	state.sub.on('message', (_channel: string, text: string) => {
		try {
			const parsed = messageSchema.safeParse(JSON.parse(text));
			if (parsed.success) apply(parsed.data);
		} catch {
			// Not ours: ignored.
		}
	});
}

/** May this process vouch at all: without Redis always, with it while subscribed. */
export function vouchingOpen(): boolean {
	if (!config().REDIS_URL) return true;
	followAuthChanges();
	return redis?.ready === true;
}

/**
 * A database check of `sessionId` passed; it began at `checkedFrom` (before its query).
 * Refused when a revocation of the session or its user arrived since.
 */
export function vouch(
	sessionId: string,
	userId: string,
	version: number,
	sessionEnds: number,
	checkedFrom: number,
): void {
	if (!vouchingOpen()) return;
	const cutS = cuts.get(`s:${sessionId}`);
	const cutU = cuts.get(`u:${userId}`);
	if ((cutS !== undefined && cutS >= checkedFrom) || (cutU !== undefined && cutU >= checkedFrom))
		return;
	if (vouches.size >= MAX_VOUCHES) vouches.clear();
	vouches.set(sessionId, { userId, version, until: Math.min(now() + VOUCH_MS, sessionEnds) });
}

/** Is this session, for this user and token version, vouched for right now? */
export function vouchedFor(sessionId: string, userId: string, version: number): boolean {
	const v = vouches.get(sessionId);
	if (!v) return false;
	if (v.until <= now() || (config().REDIS_URL && redis?.ready !== true)) {
		vouches.delete(sessionId);
		return false;
	}
	return v.userId === userId && v.version === version;
}

/**
 * Applies `change` here at once, then tells the other processes. Call it after the change
 * committed: a process that hears of it asks the database on the visitor's next request.
 */
export async function publishAuthChange(change: AuthChange): Promise<void> {
	apply(change);
	if (!config().REDIS_URL) return;
	followAuthChanges();
	try {
		await redis!.pub.publish(REVOCATION_CHANNEL, JSON.stringify(change));
	} catch (error) {
		console.error('[auth] could not publish a revocation to the other processes', error);
	}
}

/** Tests: forget every vouch and revocation, and disconnect. */
export function resetVouchesForTests(): void {
	vouches.clear();
	cuts.clear();
	if (redis) {
		redis.pub.disconnect();
		redis.sub.disconnect();
		redis = undefined;
	}
}
