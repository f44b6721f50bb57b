import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import webpush from 'web-push';
import { config, isProduction } from '../config';

export interface VapidKeys {
	publicKey: string;
	privateKey: string;
	subject: string;
}

let cached: VapidKeys | null | undefined;

/**
 * The VAPID key pair and subject: from VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY / VAPID_SUBJECT
 * (validated at start, src/server/config.ts), or, outside production, generated once into
 * DATA_DIR/vapid.json like the auth secret. Null in production without them: alerts off.
 */
export function vapidKeys(): VapidKeys | null {
	if (cached !== undefined) return cached;
	const c = config();
	if (c.VAPID_PUBLIC_KEY && c.VAPID_PRIVATE_KEY && c.VAPID_SUBJECT) {
		cached = {
			publicKey: c.VAPID_PUBLIC_KEY,
			privateKey: c.VAPID_PRIVATE_KEY,
			subject: c.VAPID_SUBJECT,
		};
		return cached;
	}
	if (isProduction()) {
		cached = null;
		return cached;
	}
	const file = join(c.DATA_DIR, 'vapid.json');
	try {
		const stored = JSON.parse(readFileSync(file, 'utf8')) as VapidKeys;
		if (stored.publicKey && stored.privateKey && stored.subject) {
			cached = stored;
			return cached;
		}
	} catch {
		// None yet: made below.
	}
	const made: VapidKeys = { ...webpush.generateVAPIDKeys(), subject: `mailto:${c.SUPPORT_EMAIL}` };
	mkdirSync(c.DATA_DIR, { recursive: true });
	writeFileSync(file, JSON.stringify(made), { mode: 0o600 });
	cached = made;
	return made;
}

export function resetVapidForTests(): void {
	cached = undefined;
}
