import { ZodError } from 'zod';
import { getDb, type Database } from '../db/client';
import { paymentEvents } from '../db/schema/payments';
import { enqueueMail } from '../mail/outbox';
import { sendQueuedMailNow } from '../mail/worker';
import { applyEvent, type Applied } from './apply';
import { paymentsNow as now } from '../clock';
import type { PaymentEvent } from './events';
import { providerByName } from './providers';
import { WebhookSignatureError } from './signature';
import { forgetSessionChecks } from '../auth/sessions';
import { publishAuthChange } from '../auth/vouches';

export interface WebhookResult {
	status: number;
	body: { received: true; duplicate: boolean } | { error: string; message: string };
}

type FaultHook = (tx: Database) => Promise<void>;
let faultHook: FaultHook | undefined;

/**
 * Test seam for D6: runs inside the transaction right after the dedupe row is written, so a
 * test can cut the database connection or make a statement fail at the worst moment.
 */
export function setWebhookFaultForTests(hook?: FaultHook): void {
	faultHook = hook;
}

const fail = (status: number, error: string, message: string): WebhookResult => ({
	status,
	body: { error, message },
});

/**
 * Handles one webhook delivery: verify the signature on the raw body, then, in ONE
 * transaction, record the event id (unique per provider) and apply its effect. A repeated
 * or concurrent delivery finds the id taken and changes nothing. A database failure rolls
 * both back and answers 503, so the provider's retry is processed in full.
 */
export async function receiveWebhook(
	providerName: string,
	rawBody: string,
	headers: Headers,
): Promise<WebhookResult> {
	const provider = providerByName(providerName);
	if (!provider) return fail(404, 'unknown_provider', 'Unknown payment provider');
	let event: PaymentEvent;
	try {
		event = await provider.parseWebhook(rawBody, headers);
	} catch (error) {
		if (error instanceof WebhookSignatureError) {
			const message =
				error.code === 'timestamp_outside_tolerance'
					? 'timestamp outside tolerance'
					: 'signature verification failed';
			return fail(400, error.code, message);
		}
		if (error instanceof ZodError || error instanceof SyntaxError || error instanceof Error) {
			return fail(400, 'invalid_payload', 'Malformed event');
		}
		throw error;
	}
	let applied: (Applied & { mailId?: number }) | undefined;
	try {
		applied = await recordAndApply(provider.name, event, rawBody);
	} catch (error) {
		console.error(
			`[payments] webhook ${provider.name} ${event.id} failed; the provider will retry`,
			error,
		);
		return fail(503, 'retry_later', 'Temporary failure, please retry');
	}
	// The plan shown with the user (Astro.locals.user.plan) comes from a briefly cached
	// session check: drop it so the very next page shows the new plan.
	if (applied?.userId) {
		forgetSessionChecks(applied.userId);
		await publishAuthChange({ t: 'plan', id: applied.userId });
	}
	// The confirmation mail was queued with the payment; it is tried now, and on failure the
	// mail worker retries it (a failed e-mail never undoes or repeats the payment).
	if (applied?.mailId !== undefined) await sendQueuedMailNow([applied.mailId]);
	return { status: 200, body: { received: true, duplicate: applied === undefined } };
}

/**
 * Undefined when the event id was already recorded (a duplicate delivery). A paid checkout's
 * confirmation mail is queued in the same transaction (`mailId`).
 */
async function recordAndApply(
	provider: string,
	event: PaymentEvent,
	rawBody: string,
): Promise<(Applied & { mailId?: number }) | undefined> {
	const db = await getDb();
	return db.transaction(async (tx) => {
		const inserted = await tx
			.insert(paymentEvents)
			.values({
				provider,
				eventId: event.id,
				type: event.rawType,
				createdAt: event.created,
				receivedAt: new Date(now()),
				payload: JSON.parse(rawBody) as unknown,
			})
			.onConflictDoNothing()
			.returning({ eventId: paymentEvents.eventId });
		if (inserted.length === 0) return undefined;
		if (faultHook) await faultHook(tx as unknown as Database);
		const applied = await applyEvent(tx as unknown as Database, provider, event);
		if (!applied.paidCheckoutId || !applied.userId) return applied;
		const mailId = await enqueueMail(tx as unknown as Database, 'payment-confirmation', {
			userId: applied.userId,
			checkoutId: applied.paidCheckoutId,
		});
		return { ...applied, mailId };
	});
}
