/**
 * Open live streams per client address (finding 13): one address could otherwise hold any
 * number of SSE connections, each a socket, a hub client and a snapshot. Per process, like
 * the rate limits; the address is the trusted-proxy-aware one (src/server/auth/client-ip.ts),
 * so a client-sent X-Forwarded-For does not open a fresh allowance.
 */
const open = new Map<string, number>();

/**
 * Takes one of `max` slots for `client`: a release function (idempotent), or null when the
 * client already holds `max` open streams.
 */
export function takeStreamSlot(client: string, max: number): (() => void) | null {
	const held = open.get(client) ?? 0;
	if (held >= max) return null;
	open.set(client, held + 1);
	let released = false;
	return () => {
		if (released) return;
		released = true;
		const left = (open.get(client) ?? 1) - 1;
		if (left <= 0) open.delete(client);
		else open.set(client, left);
	};
}

/** Streams `client` holds now (tests, metrics). */
export function openStreams(client: string): number {
	return open.get(client) ?? 0;
}
