import { createHmac, timingSafeEqual } from 'node:crypto';

/** Seconds a signed webhook stays acceptable either side of now (stripe-node's default). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

export class WebhookSignatureError extends Error {
	constructor(
		readonly code: 'missing_signature' | 'invalid_signature' | 'timestamp_outside_tolerance',
	) {
		super(code);
	}
}

function hmacHex(secret: Buffer | string, timestamp: number, body: string): string {
	return createHmac('sha256', secret).update(`${timestamp}.${body}`, 'utf8').digest('hex');
}

/** The Stripe-style header `t=<unix>,v1=<hex hmac-sha256 of "t.body">`. */
export function signatureHeader(
	body: string,
	secret: Buffer | string,
	unixSeconds: number,
): string {
	return `t=${unixSeconds},v1=${hmacHex(secret, unixSeconds, body)}`;
}

/**
 * Verifies a Stripe-style signature over the RAW body. Any `v1=` value may match (secret
 * rotation sends two). The timestamp is part of the signed text, so a replay cannot move
 * it; it must lie within `tolerance` seconds of now, past or future.
 */
export function verifySignature(
	body: string,
	header: string | null,
	secret: Buffer | string,
	nowSeconds: number,
	tolerance = WEBHOOK_TOLERANCE_SECONDS,
): void {
	if (!header) throw new WebhookSignatureError('missing_signature');
	if (header.length > 4096) throw new WebhookSignatureError('invalid_signature');
	let timestamp = Number.NaN;
	const candidates: string[] = [];
	for (const part of header.split(',')) {
		const eq = part.indexOf('=');
		if (eq < 0) continue;
		const key = part.slice(0, eq).trim();
		const value = part.slice(eq + 1).trim();
		if (key === 't' && /^\d{1,12}$/.test(value)) timestamp = Number(value);
		if (key === 'v1' && /^[0-9a-f]{64}$/.test(value)) candidates.push(value);
	}
	if (!Number.isFinite(timestamp) || candidates.length === 0) {
		throw new WebhookSignatureError('invalid_signature');
	}
	const expected = Buffer.from(hmacHex(secret, timestamp, body), 'hex');
	const ok = candidates.some((c) => timingSafeEqual(Buffer.from(c, 'hex'), expected));
	if (!ok) throw new WebhookSignatureError('invalid_signature');
	if (Math.abs(nowSeconds - timestamp) > tolerance) {
		throw new WebhookSignatureError('timestamp_outside_tolerance');
	}
}
