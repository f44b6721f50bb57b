import { parseTrustedProxies } from '../auth/client-ip';
import { config } from '../config';

/**
 * The visitor's ISO country from COUNTRY_HEADER, believed only when the socket peer is one
 * of TRUSTED_PROXIES (anyone can send the header themselves). Undefined when unknown.
 */
export function visitorCountry(peer: string | undefined, headers: Headers): string | undefined {
	const { COUNTRY_HEADER, TRUSTED_PROXIES } = config();
	const trusted = parseTrustedProxies(TRUSTED_PROXIES);
	const address = (peer ?? '').replace(/^::ffff:/, '');
	if (!trusted.has(address)) return undefined;
	const value = headers.get(COUNTRY_HEADER)?.trim().toUpperCase();
	return value && /^[A-Z]{2}$/.test(value) ? value : undefined;
}
