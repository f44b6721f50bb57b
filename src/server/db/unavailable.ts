/**
 * A database that blinks (a reset connection, a failover, a restart) is not a bug: the
 * request that met it is answered 503 with `Retry-After`, and the pool reconnects by itself.
 * Anything else a query throws stays a 500, so real bugs are never hidden behind "try again".
 */

/** Seconds a client should wait before retrying after a database blink. */
export const DATABASE_RETRY_AFTER_S = 2;

/** The driver's own codes for a connection that closed or never opened (postgres.js). */
const DRIVER_CODES = new Set([
	'CONNECTION_CLOSED',
	'CONNECTION_DESTROYED',
	'CONNECTION_ENDED',
	'CONNECT_TIMEOUT',
]);

/** The socket's codes for a peer that went away or cannot be reached. */
const SOCKET_CODES = new Set([
	'ECONNRESET',
	'ECONNREFUSED',
	'ECONNABORTED',
	'EPIPE',
	'ETIMEDOUT',
	'EHOSTUNREACH',
	'ENETUNREACH',
	'EAI_AGAIN',
]);

/**
 * PostgreSQL's SQLSTATEs for "not now": class 08 (connection exception), and the server
 * shutting down, starting up or in recovery (57P01-57P03).
 */
function transientSqlState(code: string): boolean {
	return /^08[0-9A-Z]{3}$/.test(code) || code === '57P01' || code === '57P02' || code === '57P03';
}

/**
 * True when `error` (or an error it wraps: Drizzle puts the driver's in `cause`) means the
 * database could not be reached or dropped the connection, never for a query's own failure.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
	let current: unknown = error;
	for (let depth = 0; depth < 5 && current instanceof Error; depth++) {
		const code = (current as { code?: unknown }).code;
		if (typeof code === 'string') {
			if (DRIVER_CODES.has(code) || SOCKET_CODES.has(code) || transientSqlState(code)) return true;
		}
		current = current.cause;
	}
	return false;
}
