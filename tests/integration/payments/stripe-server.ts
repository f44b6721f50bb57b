import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/**
 * A small local server answering the documented Stripe endpoints the provider uses
 * (POST /v1/checkout/sessions, POST /v1/subscriptions/:id), so the official SDK runs
 * unchanged against it, and signed webhook deliveries made with the SDK's own helper.
 */
export interface StripeStub {
	requests: { path: string; form: URLSearchParams; idempotency?: string }[];
	/** The STRIPE_* settings that point the provider at this server. */
	env: Record<string, string>;
	close(): Promise<void>;
	/** A delivery as Stripe sends it: JSON body and `stripe-signature` header. */
	signed(
		event: Record<string, unknown>,
		at?: number,
	): {
		payload: string;
		headers: Headers;
	};
}

export const STRIPE_WEBHOOK_SECRET = 'whsec_test_local_secret_0123456789';

function body(req: IncomingMessage): Promise<string> {
	return new Promise((resolve) => {
		let data = '';
		req.on('data', (c) => (data += c));
		req.on('end', () => resolve(data));
	});
}

export async function startStripeStub(): Promise<StripeStub> {
	const requests: StripeStub['requests'] = [];
	const server: Server = createServer(async (req, res) => {
		const form = new URLSearchParams(await body(req));
		requests.push({
			path: req.url ?? '',
			form,
			idempotency: req.headers['idempotency-key'] as string,
		});
		res.setHeader('Content-Type', 'application/json');
		if (req.method === 'POST' && req.url === '/v1/checkout/sessions') {
			const id = `cs_test_${requests.length}`;
			res.end(
				JSON.stringify({
					id,
					object: 'checkout.session',
					url: `https://checkout.stripe.test/${id}`,
				}),
			);
			return;
		}
		const sub = /^\/v1\/subscriptions\/(sub_\w+)$/.exec(req.url ?? '');
		if (req.method === 'POST' && sub) {
			res.end(JSON.stringify({ id: sub[1], object: 'subscription', cancel_at_period_end: true }));
			return;
		}
		res.statusCode = 404;
		res.end(JSON.stringify({ error: { type: 'invalid_request_error', message: 'not found' } }));
	});
	await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
	const { port } = server.address() as AddressInfo;
	const sdk = new Stripe('sk_test_unused');
	return {
		requests,
		env: {
			PAYMENT_PROVIDER: 'stripe',
			STRIPE_SECRET_KEY: 'sk_test_local',
			STRIPE_WEBHOOK_SECRET,
			STRIPE_API_HOST: '127.0.0.1',
			STRIPE_API_PORT: String(port),
			STRIPE_API_PROTOCOL: 'http',
		},
		close: () => new Promise<void>((r) => server.close(() => r())),
		signed(event, at = Math.floor(Date.now() / 1000)) {
			const payload = JSON.stringify(event);
			const header = sdk.webhooks.generateTestHeaderString({
				payload,
				secret: STRIPE_WEBHOOK_SECRET,
				timestamp: at,
			});
			return {
				payload,
				headers: new Headers({ 'stripe-signature': header, 'content-type': 'application/json' }),
			};
		},
	};
}
