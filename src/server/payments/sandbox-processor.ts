import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Locale } from '~/i18n/locales';
import { localHref } from '~/lib/locale-resolution';
import { getDb } from '../db/client';
import { checkouts, type CheckoutRow } from '../db/schema/payments';
import { paymentsNow as now } from '../clock';
import { derivedKey } from './keys';
import { SANDBOX_SIGNATURE_HEADER, type SandboxEvent } from './providers/sandbox';
import { signatureHeader } from './signature';
import { receiveWebhook } from './webhook';

/** The sandbox's test cards (spaces ignored), after Stripe's. */
export const TEST_CARDS = {
	success: '4242424242424242',
	decline: '4000000000000002',
	authenticate: '4000002760003184',
} as const;

export const sandboxFormSchema = z.object({
	step: z.enum(['card', '3ds']).default('card'),
	card: z.string().max(40).default(''),
	expiry: z.string().max(10).default(''),
	cvc: z.string().max(8).default(''),
	challenge: z.string().max(200).default(''),
	outcome: z.enum(['approve', 'fail']).optional(),
});
export type SandboxForm = z.infer<typeof sandboxFormSchema>;

export type SandboxOutcome =
	| { kind: 'redirect'; to: string }
	| { kind: 'error'; error: 'card_number' | 'expiry' | 'cvc' | 'card_unknown' }
	| { kind: 'challenge'; challenge: string };

/** The open sandbox checkout its owner may pay, or undefined. */
export async function payableSandboxCheckout(
	userId: string,
	id: string,
): Promise<CheckoutRow | undefined> {
	if (!/^co_[A-Za-z0-9_-]{8,40}$/.test(id)) return undefined;
	const db = await getDb();
	const [row] = await db
		.select()
		.from(checkouts)
		.where(
			and(eq(checkouts.id, id), eq(checkouts.userId, userId), eq(checkouts.provider, 'sandbox')),
		);
	if (!row || row.status !== 'open' || row.expiresAt.getTime() <= now()) return undefined;
	return row;
}

function luhn(digits: string): boolean {
	let sum = 0;
	for (let i = 0; i < digits.length; i++) {
		let d = Number(digits[digits.length - 1 - i]);
		if (i % 2 === 1) {
			d *= 2;
			if (d > 9) d -= 9;
		}
		sum += d;
	}
	return sum % 10 === 0;
}

function expiryValid(value: string, at: Date): boolean {
	const m = /^(\d{2})\s*\/\s*(\d{2}|\d{4})$/.exec(value.trim());
	if (!m) return false;
	const month = Number(m[1]);
	const year = m[2]!.length === 2 ? 2000 + Number(m[2]) : Number(m[2]);
	if (month < 1 || month > 12) return false;
	return (
		year > at.getUTCFullYear() || (year === at.getUTCFullYear() && month >= at.getUTCMonth() + 1)
	);
}

function challengeFor(checkoutId: string): string {
	return createHmac('sha256', derivedKey('sandbox-3ds')).update(checkoutId).digest('base64url');
}

/**
 * The sandbox "processor": checks the card form, runs the simulated 3-D Secure step, then
 * sends the signed webhook through the same verification path as an HTTP delivery and sends
 * the browser to the result page, which reads the outcome from the database.
 */
export async function submitSandboxPayment(
	checkout: CheckoutRow,
	locale: Locale,
	form: SandboxForm,
): Promise<SandboxOutcome> {
	const result = {
		kind: 'redirect' as const,
		to: `${localHref(locale, '/payment/result')}?checkout=${checkout.id}`,
	};
	if (form.step === '3ds') {
		const expected = Buffer.from(challengeFor(checkout.id));
		const given = Buffer.from(form.challenge);
		if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
			return { kind: 'error', error: 'card_unknown' };
		}
		if (form.outcome === 'approve') await deliver(checkout, 'checkout.paid');
		else await deliver(checkout, 'checkout.failed', 'authentication_failed');
		return result;
	}
	const number = form.card.replace(/[\s-]/g, '');
	if (!/^\d{12,19}$/.test(number) || !luhn(number)) return { kind: 'error', error: 'card_number' };
	if (!expiryValid(form.expiry, new Date(now()))) return { kind: 'error', error: 'expiry' };
	if (!/^\d{3,4}$/.test(form.cvc)) return { kind: 'error', error: 'cvc' };
	switch (number) {
		case TEST_CARDS.success:
			await deliver(checkout, 'checkout.paid');
			return result;
		case TEST_CARDS.decline:
			await deliver(checkout, 'checkout.failed', 'card_declined');
			return result;
		case TEST_CARDS.authenticate:
			return { kind: 'challenge', challenge: challengeFor(checkout.id) };
		default:
			return { kind: 'error', error: 'card_unknown' };
	}
}

/** Builds, signs and delivers the processor's webhook; a refused delivery is a server error. */
async function deliver(
	checkout: CheckoutRow,
	type: 'checkout.paid' | 'checkout.failed',
	reason?: string,
): Promise<void> {
	const created = Math.floor(now() / 1000);
	const event: SandboxEvent = {
		id: `evt_${randomBytes(16).toString('hex')}`,
		type,
		created,
		data: {
			checkoutId: checkout.id,
			providerRef: checkout.providerRef ?? `sbx_${checkout.id}`,
			...(reason ? { reason } : {}),
		},
	};
	const body = JSON.stringify(event);
	const headers = new Headers({
		'content-type': 'application/json',
		[SANDBOX_SIGNATURE_HEADER]: signatureHeader(body, derivedKey('sandbox-webhook'), created),
	});
	const response = await receiveWebhook('sandbox', body, headers);
	if (response.status !== 200) {
		throw new Error(`Sandbox webhook refused: ${response.status} ${JSON.stringify(response.body)}`);
	}
}
