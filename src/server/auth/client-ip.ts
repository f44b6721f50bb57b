import { isIP } from 'node:net';

function canonical(address: string): string {
	const trimmed = address.trim().replace(/^\[|\]$/g, '');
	return trimmed.startsWith('::ffff:') && isIP(trimmed.slice(7)) === 4 ? trimmed.slice(7) : trimmed;
}

/** Parses the TRUSTED_PROXIES setting (comma-separated addresses). */
export function parseTrustedProxies(setting: string): Set<string> {
	return new Set(
		setting
			.split(',')
			.map((s) => canonical(s))
			.filter((s) => isIP(s) !== 0),
	);
}

/**
 * The client address used for rate limits and session records. It is the socket peer,
 * unless that peer is a trusted proxy: then the right-most `X-Forwarded-For` entry that is
 * not itself a trusted proxy. A client-sent header without a trusted proxy is ignored.
 */
export function clientIp(
	peer: string | undefined,
	forwardedFor: string | null,
	trusted: Set<string>,
): string {
	const direct = canonical(peer ?? '') || 'unknown';
	if (!trusted.has(direct) || !forwardedFor) return direct;
	const hops = forwardedFor
		.slice(0, 1000)
		.split(',')
		.map((s) => canonical(s))
		.filter((s) => isIP(s) !== 0);
	for (let i = hops.length - 1; i >= 0; i--) {
		const hop = hops[i] as string;
		if (!trusted.has(hop)) return hop;
	}
	return direct;
}
