import { z } from 'zod';

/**
 * Typed settings from the environment, validated once. Every setting has an embedded
 * default so `npm start` on a fresh clone needs none of them.
 */
const schema = z.object({
	NODE_ENV: z.string().default('development'),
	SITE_URL: z.url().default('http://localhost:4321'),
	DATABASE_URL: z.string().optional(),
	REDIS_URL: z.string().optional(),
	AUTH_SECRET: z.string().min(32).optional(),
	SMTP_URL: z.string().optional(),
	MAIL_FROM: z.string().default('Matchday <no-reply@matchday.example>'),
	SUPPORT_EMAIL: z.email().default('support@matchday.example'),
	PAYMENT_PROVIDER: z.enum(['sandbox', 'stripe']).default('sandbox'),
	STRIPE_SECRET_KEY: z.string().optional(),
	STRIPE_WEBHOOK_SECRET: z.string().optional(),
	FEED: z.enum(['replay', 'football-data', 'api-football', 'off']).default('replay'),
	FOOTBALL_DATA_TOKEN: z.string().optional(),
	API_FOOTBALL_KEY: z.string().optional(),
	GTM_ID: z
		.string()
		.regex(/^GTM-[A-Z0-9]{4,12}$/, 'GTM_ID must look like GTM-XXXXXXX')
		.optional(),
	ADMIN_EMAIL: z.email().optional(),
	/** Comma-separated proxy addresses whose X-Forwarded-* headers we believe. */
	TRUSTED_PROXIES: z.string().default(''),
	DATA_DIR: z.string().default('.data'),
	/** The in-process route cache of public pages; `off` for benchmarks of raw rendering. */
	ROUTE_CACHE: z.enum(['on', 'off']).default('on'),
	/** Live: replay clock speed (1 = real time, 60 = a minute of match per second). */
	REPLAY_SPEED: z.coerce.number().min(0.1).max(1000).default(1),
	/** Live: how many past matches the replay feed plays back at the same time. */
	REPLAY_CONCURRENT: z.coerce.number().int().min(1).max(20).default(3),
	/** Live: competitions (slugs, comma-separated) the replay feed draws from; empty = every tournament. */
	REPLAY_COMPETITIONS: z
		.string()
		.regex(
			/^[a-z0-9-]*(,[a-z0-9-]+)*$/,
			'REPLAY_COMPETITIONS must be competition slugs separated by commas',
		)
		.default(''),
	/** Live: SSE heartbeat period (ms); at most 15 s so 60 s proxy idle timeouts never cut in. */
	LIVE_HEARTBEAT_MS: z.coerce.number().int().min(100).max(15000).default(15000),
	/** Live: unsent bytes a client may have before it is dropped. */
	LIVE_MAX_QUEUE_BYTES: z.coerce.number().int().min(1024).default(262144),
	/** Live: open SSE streams one client address may hold (finding 13); past it, 429. */
	LIVE_MAX_STREAMS_PER_CLIENT: z.coerce.number().int().min(1).max(100000).default(100),
	/** Live: provider polling period (ms), kept inside the provider's rate limit. */
	FEED_POLL_MS: z.coerce.number().int().min(1000).optional(),
	/** Access JWT lifetime in seconds (the spec: 86400). Tests may shorten it. */
	ACCESS_TOKEN_TTL: z.coerce.number().int().min(5).max(86400).default(86400),
	/** Absolute lifetime of a refresh-token family (a login), in seconds: 30 days. */
	REFRESH_FAMILY_TTL: z.coerce.number().int().min(60).default(2592000),
	/** Lifetime of a password-reset link, in seconds (at most an hour). */
	RESET_TOKEN_TTL: z.coerce.number().int().min(60).max(3600).default(3600),
	/** Payments: secret signing the sandbox provider's webhooks (derived from AUTH_SECRET if unset). */
	SANDBOX_WEBHOOK_SECRET: z.string().min(16).optional(),
	/** Payments: Stripe API endpoint override (tests point the SDK at a local server). */
	STRIPE_API_HOST: z.string().optional(),
	STRIPE_API_PORT: z.coerce.number().int().min(1).max(65535).optional(),
	STRIPE_API_PROTOCOL: z.enum(['http', 'https']).optional(),
	/** Payments: minutes a checkout stays open before a new one replaces it. */
	CHECKOUT_TTL_MINUTES: z.coerce.number().int().min(1).max(1440).default(30),
	/** Payments: days before a plan ends during which the reminder banner shows. */
	EXPIRY_REMINDER_DAYS: z.coerce.number().int().min(1).max(60).default(7),
	/** Streams: folder of HLS media (manifests and segments). */
	MEDIA_DIR: z.string().default('data/media'),
	/** Streams: lifetime of a signed playback URL, in seconds. */
	MEDIA_URL_TTL: z.coerce.number().int().min(10).max(86400).default(600),
	/** Streams: header carrying the visitor's country, believed only from TRUSTED_PROXIES. */
	COUNTRY_HEADER: z.string().default('cf-ipcountry'),
});

export type Config = z.infer<typeof schema>;

let cached: Config | undefined;

/** The validated configuration; throws a readable error at start-up when a value is bad. */
export function config(): Config {
	if (cached) return cached;
	const parsed = schema.safeParse(
		Object.fromEntries(Object.entries(process.env).filter(([, v]) => v !== '')),
	);
	if (!parsed.success) {
		const issues = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
		throw new Error(`Invalid configuration:\n  ${issues.join('\n  ')}`);
	}
	cached = parsed.data;
	return cached;
}

/** For tests that change the environment between cases. */
export function resetConfigForTests(): void {
	cached = undefined;
}

export function isProduction(): boolean {
	return config().NODE_ENV === 'production';
}
