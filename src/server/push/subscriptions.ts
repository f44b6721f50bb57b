import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { LOCALES } from '~/i18n/locales';
import { MAX_DB_ID } from '~/lib/input';
import { text } from '~/lib/input-schema';
import { config } from '../config';
import { type Database, getDb } from '../db/client';
import { pushSubscriptions, pushTargets } from '../db/schema/push';
import { ALERT_KINDS } from './alerts';
import { MAX_PUSH_TARGETS, MAX_SUBSCRIPTIONS_PER_ACCOUNT } from './limits';

const base64url = (min: number, max: number) =>
	z
		.string()
		.min(min)
		.max(max)
		.regex(/^[A-Za-z0-9_-]+={0,2}$/, 'must be base64url');
const clock = z
	.string()
	.regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be HH:MM')
	.transform((v) => Number(v.slice(0, 2)) * 60 + Number(v.slice(3)));

function validZone(zone: string): boolean {
	try {
		new Intl.DateTimeFormat('en', { timeZone: zone });
		return true;
	} catch {
		return false;
	}
}

/**
 * Push services the server may POST to (PUSH_HOSTS): a host suffix allows https endpoints
 * on it; a full origin (`http://127.0.0.1:9000`, for a local stand-in) allows exactly that.
 * Anything else is refused, so a subscription cannot make the server call arbitrary hosts.
 */
export function allowedEndpoint(endpoint: string): boolean {
	let url: URL;
	try {
		url = new URL(endpoint);
	} catch {
		return false;
	}
	return config()
		.PUSH_HOSTS.split(',')
		.map((h) => h.trim())
		.filter(Boolean)
		.some((entry) =>
			entry.includes('://')
				? url.origin === entry
				: url.protocol === 'https:' &&
					(url.hostname === entry || url.hostname.endsWith(`.${entry}`)),
		);
}

const subscriptionSchema = z.object({
	endpoint: text(1000).refine(allowedEndpoint, 'must be the endpoint of a known push service'),
	keys: z.object({ p256dh: base64url(80, 100), auth: base64url(16, 32) }),
});

export const subscribeBody = z.object({
	subscription: subscriptionSchema,
	locale: z.enum(LOCALES),
	timeZone: text(64).refine(validZone, 'must be an IANA time zone'),
	spoilerSafe: z.boolean().default(false),
	quiet: z.object({ from: clock, to: clock }).nullable().default(null),
	targets: z
		.array(
			z.object({
				kind: z.enum(['team', 'match']),
				id: z.number().int().min(1).max(MAX_DB_ID),
				kinds: z.array(z.enum(ALERT_KINDS)).max(ALERT_KINDS.length),
			}),
		)
		.max(MAX_PUSH_TARGETS),
});
export type SubscribeInput = z.infer<typeof subscribeBody>;

/** Proof of owning a subscription: its endpoint and its `auth` secret, as only the browser has. */
export const ownerBody = z.object({
	endpoint: text(1000),
	auth: base64url(16, 32),
});
export const stopBody = ownerBody.extend({ kind: z.enum(ALERT_KINDS) });

/**
 * Creates or updates a browser's subscription with its targets (replaced whole). A known
 * endpoint with other keys is someone else's: 'conflict'.
 */
export async function saveSubscription(
	input: SubscribeInput,
	userId: string | null,
	db?: Database,
): Promise<'saved' | 'conflict'> {
	const d = db ?? (await getDb());
	return d.transaction(async (tx) => {
		const { endpoint, keys } = input.subscription;
		const [existing] = await tx
			.select({ id: pushSubscriptions.id, auth: pushSubscriptions.auth })
			.from(pushSubscriptions)
			.where(eq(pushSubscriptions.endpoint, endpoint))
			.for('update');
		if (existing && existing.auth !== keys.auth) return 'conflict';
		const values = {
			endpoint,
			p256dh: keys.p256dh,
			auth: keys.auth,
			userId,
			locale: input.locale,
			timeZone: input.timeZone,
			spoilerSafe: input.spoilerSafe,
			quietFrom: input.quiet?.from ?? null,
			quietTo: input.quiet?.to ?? null,
		};
		// An account past its cap drops its oldest subscriptions to make room (limits.ts).
		if (!existing && userId) await dropOldest(tx, userId, MAX_SUBSCRIPTIONS_PER_ACCOUNT - 1);
		const [row] = existing
			? await tx
					.update(pushSubscriptions)
					.set(values)
					.where(eq(pushSubscriptions.id, existing.id))
					.returning({ id: pushSubscriptions.id })
			: await tx.insert(pushSubscriptions).values(values).returning({ id: pushSubscriptions.id });
		const id = row!.id;
		await tx.delete(pushTargets).where(eq(pushTargets.subscriptionId, id));
		const targets = input.targets.filter((t) => t.kinds.length > 0);
		if (targets.length > 0) {
			await tx.insert(pushTargets).values(
				targets.map((t) => ({
					subscriptionId: id,
					kind: t.kind,
					targetId: t.id,
					kinds: [...new Set(t.kinds)],
				})),
			);
		}
		return 'saved';
	});
}

/** Deletes the account's subscriptions beyond its `keep` newest. */
async function dropOldest(
	tx: Pick<Database, 'execute'>,
	userId: string,
	keep: number,
): Promise<void> {
	await tx.execute(sql`
		DELETE FROM push_subscriptions WHERE id IN (
			SELECT id FROM push_subscriptions WHERE user_id = ${userId}
			ORDER BY created_at DESC, id DESC OFFSET ${keep})`);
}

/** Removes a subscription (its owner only); false when there was none. */
export async function deleteSubscription(owner: z.infer<typeof ownerBody>, db?: Database) {
	const d = db ?? (await getDb());
	const gone = await d
		.delete(pushSubscriptions)
		.where(
			and(eq(pushSubscriptions.endpoint, owner.endpoint), eq(pushSubscriptions.auth, owner.auth)),
		)
		.returning({ id: pushSubscriptions.id });
	return gone.length > 0;
}

/** The one-click stop of an alert: that kind off for every target of the subscription. */
export async function stopKind(input: z.infer<typeof stopBody>, db?: Database) {
	const d = db ?? (await getDb());
	const [sub] = await d
		.select({ id: pushSubscriptions.id })
		.from(pushSubscriptions)
		.where(
			and(eq(pushSubscriptions.endpoint, input.endpoint), eq(pushSubscriptions.auth, input.auth)),
		);
	if (!sub) return false;
	await d.execute(
		sql`UPDATE push_targets SET kinds = array_remove(kinds, ${input.kind}) WHERE subscription_id = ${sub.id}`,
	);
	return true;
}
