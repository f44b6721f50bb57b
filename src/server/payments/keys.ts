import { createHmac } from 'node:crypto';
import { authSecret } from '../auth/secret';
import { config } from '../config';

/**
 * Purpose-bound keys derived from AUTH_SECRET, so one configured secret serves every
 * signature without one use's key ever verifying another's (HMAC with a label).
 */
export function derivedKey(purpose: 'sandbox-webhook' | 'sandbox-3ds' | 'media'): Buffer {
	if (purpose === 'sandbox-webhook' && config().SANDBOX_WEBHOOK_SECRET) {
		return Buffer.from(config().SANDBOX_WEBHOOK_SECRET as string);
	}
	return createHmac('sha256', authSecret()).update(`matchday:${purpose}`).digest();
}
