import { defineConfig, devices } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 4399);

/**
 * End-to-end tests in Debian's Chromium (Playwright's own browser download cannot work on
 * our machines) against the production build, started once for the run.
 */
export default defineConfig({
	testDir: 'tests/e2e',
	fullyParallel: false,
	workers: 1,
	retries: 0,
	timeout: 30_000,
	reporter: process.env.CI_REPORT
		? [['list'], ['json', { outputFile: 'reports/playwright.json' }]]
		: [['list']],
	use: {
		baseURL: `http://127.0.0.1:${PORT}`,
		trace: 'off',
		launchOptions: {
			executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
			args: [
				'--no-sandbox',
				'--disable-gpu',
				'--disable-quic',
				'--no-first-run',
				'--disable-background-networking',
				'--disable-component-update',
				'--disable-sync',
			],
		},
	},
	projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
	webServer: {
		command: 'node scripts/serve.mjs',
		url: `http://127.0.0.1:${PORT}/robots.txt`,
		reuseExistingServer: false,
		timeout: 120_000,
		env: {
			HOST: '127.0.0.1',
			PORT: String(PORT),
			SITE_URL: `http://127.0.0.1:${PORT}`,
			DATABASE_URL: process.env.E2E_DATABASE_URL ?? 'memory://',
			DATA_DIR: '.data/e2e',
			ASTRO_TELEMETRY_DISABLED: '1',
			TEST_FAULTS: '1',
			// The browser suite registers more visitors from 127.0.0.1 than the default 10 an
			// hour allows; the limit itself is tested in tests/unit/server/auth/rate-limit.test.ts.
			REGISTER_PER_CLIENT_PER_HOUR: '100',
			// Likewise the console's log-ins: every staff member of the suite logs in from
			// 127.0.0.1. The per-address limit (5) still holds; both are tested in
			// tests/integration/auth/cms.test.ts.
			CMS_LOGIN_PER_CLIENT: '100',
			// Staff log in with a password only unless they enrolled in two-step verification
			// (the console tests log in without a code); tests/e2e/people.spec.ts enrols one.
			CMS_REQUIRE_TOTP: '0',
			// The console's browser test registers this address and sets its password from the
			// mailed link, the way the first administrator of a real site is made.
			ADMIN_EMAIL: 'chief@e2e.test',
			// Known only so the webhook test can sign deliveries over real HTTP.
			SANDBOX_WEBHOOK_SECRET: 'e2e-sandbox-webhook-secret-0123456789',
			// Only Euro matches are replayed in the browser tests: the football pages' tests read
			// World Cup matches, which a replay would otherwise turn live mid-test.
			REPLAY_COMPETITIONS: 'euro',
			// Live: replayed matches run 60x faster so goals arrive within a test's time.
			REPLAY_SPEED: process.env.E2E_REPLAY_SPEED ?? '60',
			// Live games: at 60x a 30 s pause after a goal would be half an hour of match time.
			GAME_SUSPEND_SECONDS: '6',
		},
	},
});
