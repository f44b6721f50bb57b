import { config } from '~/server/config';
import { sandboxProvider } from './sandbox';
import { stripeProvider } from './stripe';
import type { PaymentProvider } from './types';

const PROVIDERS: Record<string, PaymentProvider> = {
	sandbox: sandboxProvider,
	stripe: stripeProvider,
};

/** The provider new checkouts use (PAYMENT_PROVIDER). */
export function activeProvider(): PaymentProvider {
	return PROVIDERS[config().PAYMENT_PROVIDER] as PaymentProvider;
}

/**
 * A provider by name, for webhooks and for checkouts opened earlier. The sandbox only
 * answers while it is the configured provider, so its webhook is closed in production set-ups.
 */
export function providerByName(name: string): PaymentProvider | undefined {
	if (name === 'sandbox' && config().PAYMENT_PROVIDER !== 'sandbox') return undefined;
	return Object.hasOwn(PROVIDERS, name) ? PROVIDERS[name] : undefined;
}

export type { PaymentProvider } from './types';
