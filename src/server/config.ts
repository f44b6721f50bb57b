import { z } from 'zod';

/**
 * Typed settings from the environment, validated once. Every setting has an embedded
 * default so `npm start` on a fresh clone needs none of them.
 */
const schema = z.object({
	NODE_ENV: z.string().default('development'),
	/** Public origin; unset means the address the server listens on (development only). */
	SITE_URL: z.url().optional(),
	HOST: z.string().default('127.0.0.1'),
	PORT: z.coerce.number().int().min(1).max(65535).default(4321),
	DATABASE_URL: z.string().optional(),
	REDIS_URL: z.string().optional(),
	AUTH_SECRET: z.string().min(32).optional(),
	/** Web Push (docs/pwa.md): the VAPID key pair, base64url, and who the push services may contact. */
	VAPID_PUBLIC_KEY: z
		.string()
		.regex(/^B[A-Za-z0-9_-]{86}$/, 'must be a base64url P-256 public key (87 characters)')
		.optional(),
	VAPID_PRIVATE_KEY: z
		.string()
		.regex(/^[A-Za-z0-9_-]{43}$/, 'must be a base64url P-256 private key (43 characters)')
		.optional(),
	VAPID_SUBJECT: z
		.string()
		.regex(
			/^(mailto:[^\s@]+@[^\s@]+|https:\/\/[^\s]+)$/,
			'must be a mailto: address or an https URL',
		)
		.optional(),
	/** Push services the server may send to (endpoint host suffixes, comma-separated). */
	PUSH_HOSTS: z
		.string()
		.default(
			'fcm.googleapis.com,updates.push.services.mozilla.com,push.services.mozilla.com,web.push.apple.com,notify.windows.com',
		),
	SMTP_URL: z.string().optional(),
	MAIL_FROM: z.string().default('Matchday <no-reply@matchday.example>'),
	SUPPORT_EMAIL: z.email().default('support@matchday.example'),
	/** Unset means sandbox, which production refuses (test cards make every plan free). */
	PAYMENT_PROVIDER: z.enum(['sandbox', 'stripe']).optional(),
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
	/** Accounts one client address may register per hour (a school or office behind one NAT may need more). */
	REGISTER_PER_CLIENT_PER_HOUR: z.coerce.number().int().min(1).max(10000).default(10),
	/** Failed console log-ins per client address in 15 minutes (the per-account limit stays 5). */
	CMS_LOGIN_PER_CLIENT: z.coerce.number().int().min(1).max(10000).default(5),
	/**
	 * Requests one client may make to the public API (/api/v1/*) per minute, in bursts up to
	 * the same number (issue 28/7). Per process. Generous: a page or an app never needs more.
	 */
	API_PER_CLIENT_PER_MINUTE: z.coerce
		.number()
		.int('API_PER_CLIENT_PER_MINUTE must be a whole number')
		.min(1, 'API_PER_CLIENT_PER_MINUTE must be at least 1')
		.max(1_000_000, 'API_PER_CLIENT_PER_MINUTE must be at most 1000000')
		.default(600),
	/** Console: staff must log in with a TOTP code too (1), or may enrol by choice (0). */
	CMS_REQUIRE_TOTP: z.enum(['0', '1'], { error: 'CMS_REQUIRE_TOTP must be 0 or 1' }).default('0'),
	/**
	 * Console: a scorer with no assigned match may score a match only while it is being
	 * played or when its kick-off is at most this many hours away or past (issue 28).
	 */
	SCORING_WINDOW_HOURS: z.coerce
		.number()
		.int('SCORING_WINDOW_HOURS must be a whole number of hours')
		.min(1, 'SCORING_WINDOW_HOURS must be at least 1')
		.max(168, 'SCORING_WINDOW_HOURS must be at most 168 (a week)')
		.default(6),
	/** Console: minutes without a request after which a staff session ends. */
	CMS_IDLE_MINUTES: z.coerce
		.number()
		.int('CMS_IDLE_MINUTES must be a whole number of minutes')
		.min(1, 'CMS_IDLE_MINUTES must be at least 1')
		.max(1440, 'CMS_IDLE_MINUTES must be at most 1440 (a day)')
		.default(30),
	/** Console: absolute lifetime of a staff session in hours (visitors' last REFRESH_FAMILY_TTL). */
	CMS_SESSION_HOURS: z.coerce
		.number()
		.int('CMS_SESSION_HOURS must be a whole number of hours')
		.min(1, 'CMS_SESSION_HOURS must be at least 1')
		.max(168, 'CMS_SESSION_HOURS must be at most 168 (a week)')
		.default(12),
	/**
	 * Sites that may frame the widgets under /embed (comma-separated origins); empty means
	 * any site may. Every other page refuses to be framed whatever this says.
	 */
	EMBED_ALLOWED_ORIGINS: z
		.string()
		.default('')
		.transform((s) =>
			s
				.split(',')
				.map((x) => x.trim().toLowerCase())
				.filter(Boolean),
		)
		.pipe(
			z.array(
				z
					.string()
					.regex(
						/^https?:\/\/[a-z0-9.-]+(:\d{1,5})?$/,
						'EMBED_ALLOWED_ORIGINS must be origins such as https://club.example, separated by commas',
					),
			),
		),
	DATA_DIR: z.string().default('.data'),
	/** The in-process route cache of public pages; `off` for benchmarks of raw rendering. */
	ROUTE_CACHE: z.enum(['on', 'off']).default('on'),
	/** The in-process data cache; `off` for benchmarks of the database path (bench/big-data.mjs). */
	DATA_CACHE: z.enum(['on', 'off']).default('on'),
	/**
	 * Most memory the route cache's pages may take, in MiB (bodies, compressed copies,
	 * headers, keys); past it the least recently used pages go.
	 */
	ROUTE_CACHE_MAX_MB: z.coerce
		.number()
		.int('ROUTE_CACHE_MAX_MB must be a whole number of MiB')
		.min(1, 'ROUTE_CACHE_MAX_MB must be at least 1 (MiB)')
		.max(65536, 'ROUTE_CACHE_MAX_MB must be at most 65536 (MiB)')
		.default(128),
	/** Live: replay clock speed (1 = real time, 60 = a minute of match per second). */
	REPLAY_SPEED: z.coerce.number().min(0.1).max(1000).default(1),
	/** Live games: seconds a game stays suspended after a goal, card or correction. */
	GAME_SUSPEND_SECONDS: z.coerce.number().min(1).max(600).default(30),
	/** Live games: a real live match whose feed is silent this long suspends its games. */
	GAME_STALE_SECONDS: z.coerce.number().min(10).max(3600).default(150),
	/** Live: how many past matches the replay feed plays back at the same time. */
	REPLAY_CONCURRENT: z.coerce.number().int().min(1).max(20).default(5),
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
	/** Operations: bearer token for GET /metrics; unset means /metrics answers 404. */
	METRICS_TOKEN: z.string().min(16).optional(),
	/** Operations: how long a SIGTERM/SIGINT waits for requests to finish (ms). */
	SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(100).max(120000).default(10000),
	/** Operations: pino level (`silent` turns the logs off). */
	LOG_LEVEL: z.enum(['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent']).default('info'),
});

type Parsed = z.infer<typeof schema>;

export type Config = Omit<Parsed, 'SITE_URL' | 'PAYMENT_PROVIDER'> & {
	SITE_URL: string;
	PAYMENT_PROVIDER: 'sandbox' | 'stripe';
	/** What was set explicitly (the production checks tell a default from a choice). */
	explicit: { SITE_URL: boolean; PAYMENT_PROVIDER: boolean };
};

/**
 * The address the server answers on, for when SITE_URL is unset: `PORT=4400 npm start`
 * then links, mails and the cross-site check all use port 4400. A wildcard listen address
 * is reached as localhost.
 */
export function listenOrigin(host: string, port: number): string {
	const name = host === '0.0.0.0' || host === '::' || host === '' ? 'localhost' : host;
	return `http://${name.includes(':') ? `[${name}]` : name}:${port}`;
}

let cached: Config | undefined;

function parse(env: NodeJS.ProcessEnv) {
	return schema.safeParse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== '')));
}

/**
 * Everything wrong with the settings, one line each naming the setting; empty when the
 * server may start. Production adds what development may leave to its defaults: a real
 * secret, the public origin, and an explicit choice of payment provider (the sandbox's test
 * cards make every plan free). The server runs this before it listens (src/server/ops/front.ts).
 */
export function settingsProblems(env: NodeJS.ProcessEnv = process.env): string[] {
	const parsed = parse(env);
	if (!parsed.success)
		return parsed.error.issues.map((i) => `${i.path.join('.') || 'environment'}: ${i.message}`);
	const data = parsed.data;
	const problems: string[] = [];
	// The key pair and the subject only make sense together.
	const vapid = [data.VAPID_PUBLIC_KEY, data.VAPID_PRIVATE_KEY, data.VAPID_SUBJECT];
	if (vapid.some(Boolean) && !vapid.every(Boolean))
		problems.push(
			'VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY, VAPID_SUBJECT: set all three or none (development generates them)',
		);
	// Production without them runs with alerts off (src/server/push/vapid.ts).
	if (data.NODE_ENV !== 'production') return problems;
	if (!data.AUTH_SECRET)
		problems.push('AUTH_SECRET: required in production (a random string of 32+ characters)');
	if (!data.SITE_URL) problems.push('SITE_URL: required in production (the public origin)');
	// The old default copied from .env.example is as wrong as none: links would point home.
	else if (/^(localhost|127\.0\.0\.1|\[::1\])$/.test(new URL(data.SITE_URL).hostname))
		problems.push(`SITE_URL: ${data.SITE_URL} is a local address; set the public origin`);
	if (!data.PAYMENT_PROVIDER)
		problems.push(
			'PAYMENT_PROVIDER: required in production (stripe; or sandbox, explicitly, for a test deployment)',
		);
	if (data.PAYMENT_PROVIDER === 'stripe') {
		if (!data.STRIPE_SECRET_KEY)
			problems.push('STRIPE_SECRET_KEY: required by PAYMENT_PROVIDER=stripe');
		if (!data.STRIPE_WEBHOOK_SECRET)
			problems.push('STRIPE_WEBHOOK_SECRET: required by PAYMENT_PROVIDER=stripe');
	}
	return problems;
}

/** The validated configuration; throws a readable error at start-up when a value is bad. */
export function config(): Config {
	if (cached) return cached;
	const parsed = parse(process.env);
	if (!parsed.success) {
		const issues = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
		throw new Error(`Invalid configuration:\n  ${issues.join('\n  ')}`);
	}
	const data = parsed.data;
	cached = {
		...data,
		SITE_URL: data.SITE_URL ?? listenOrigin(data.HOST, data.PORT),
		PAYMENT_PROVIDER: data.PAYMENT_PROVIDER ?? 'sandbox',
		explicit: {
			SITE_URL: data.SITE_URL !== undefined,
			PAYMENT_PROVIDER: data.PAYMENT_PROVIDER !== undefined,
		},
	};
	return cached;
}

/** For tests that change the environment between cases. */
export function resetConfigForTests(): void {
	cached = undefined;
}

export function isProduction(): boolean {
	return config().NODE_ENV === 'production';
}

/** Sandbox payments in production (a test deployment): every page says so. */
export function testModeNotice(): boolean {
	const c = config();
	return c.NODE_ENV === 'production' && c.PAYMENT_PROVIDER === 'sandbox';
}
