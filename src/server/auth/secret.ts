import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { config, isProduction } from '../config';

let cached: Uint8Array | undefined;

/**
 * The HMAC key for access tokens and refresh-token successors. Production must set
 * AUTH_SECRET; elsewhere a random secret is generated once and kept in DATA_DIR/auth-secret
 * so restarts keep sessions alive.
 */
export function authSecret(): Uint8Array {
	if (cached) return cached;
	const fromEnv = config().AUTH_SECRET;
	if (fromEnv) {
		cached = new TextEncoder().encode(fromEnv);
		return cached;
	}
	if (isProduction()) throw new Error('AUTH_SECRET is required in production (32+ characters)');
	const dir = config().DATA_DIR;
	const file = join(dir, 'auth-secret');
	let value: string;
	try {
		value = readFileSync(file, 'utf8').trim();
	} catch {
		value = '';
	}
	if (value.length < 32) {
		value = randomBytes(48).toString('base64url');
		mkdirSync(dir, { recursive: true });
		writeFileSync(file, value, { mode: 0o600 });
	}
	cached = new TextEncoder().encode(value);
	return cached;
}

/** Forgets the cached secret (tests that change AUTH_SECRET). */
export function resetAuthSecretForTests(): void {
	cached = undefined;
}
