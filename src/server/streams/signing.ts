import { createHmac, timingSafeEqual } from 'node:crypto';
import { config } from '../config';
import { derivedKey } from '../payments/keys';
import { paymentsNow as now } from '../clock';

/** Who a free stream's URL is signed for when nobody is signed in. */
export const ANONYMOUS = 'anon';

function mac(subject: string, streamId: string, exp: number): string {
	return createHmac('sha256', derivedKey('media'))
		.update(`${subject}\n${streamId}\n${exp}`)
		.digest('base64url');
}

/**
 * The signed, short-lived manifest URL for this viewer. The signature binds the user id,
 * the stream and the expiry, so a copied URL is useless to anyone else or later.
 */
export function playbackUrl(subject: string, streamId: string): { url: string; expiresAt: number } {
	const exp = Math.floor(now() / 1000) + config().MEDIA_URL_TTL;
	const sig = mac(subject, streamId, exp);
	return { url: `/media/${streamId}/index.m3u8?exp=${exp}&sig=${sig}`, expiresAt: exp };
}

/** Who a console preview URL is signed for: never a site user's id (those are UUIDs). */
export const previewSubject = (staffId: string) => `staff:${staffId}`;

/**
 * A console preview's signed URL: the same mechanism, signed for the staff member, marked
 * `preview=1` so the media route checks their console session instead of plans.
 */
export function previewUrl(staffId: string, streamId: string): string {
	const { url } = playbackUrl(previewSubject(staffId), streamId);
	return `${url}&preview=1`;
}

/** The `exp` and `sig` query of a signed URL, checked for this viewer. */
export function verifyPlayback(
	subject: string,
	streamId: string,
	exp: string | null,
	sig: string | null,
): boolean {
	if (!exp || !sig || !/^\d{1,12}$/.test(exp) || !/^[A-Za-z0-9_-]{43}$/.test(sig)) return false;
	if (Number(exp) < Math.floor(now() / 1000)) return false;
	const expected = Buffer.from(mac(subject, streamId, Number(exp)));
	const given = Buffer.from(sig);
	return given.length === expected.length && timingSafeEqual(given, expected);
}
