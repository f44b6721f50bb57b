#!/usr/bin/env node
/**
 * Stream soak (issue 27): a premium member plays the paid demo live stream in Chromium for
 * a long time and the run records what a viewer would notice: stalls (the `waiting` event,
 * and any time `currentTime` stands still for more than a second), renewals of the signed
 * address (GET /api/watch/demo-live), refused or failed media requests, and any message the
 * player shows. By hand, not in CI: the real figure is a whole match (100 minutes).
 *
 *   ASTRO_OUT_DIR=dist-stream npx astro build
 *   ASTRO_OUT_DIR=dist-stream node bench/stream-soak.mjs [--minutes 100] [--ttl 600] [--port 4612]
 *
 * It starts its own production server (scripts/serve.mjs, in-memory database, `--ttl` as
 * MEDIA_URL_TTL) and stops it at the end. Prints one line a minute and a JSON summary; the
 * exit code is 1 when playback stopped or stalled for more than 3 s.
 */
import { spawn } from 'node:child_process';
import { chromium } from 'playwright';

const arg = (name, fallback) => {
	const at = process.argv.indexOf(`--${name}`);
	return at > 0 ? process.argv[at + 1] : fallback;
};
const minutes = Number(arg('minutes', '100'));
const ttl = Number(arg('ttl', '600'));
const port = Number(arg('port', '4612'));
const origin = `http://127.0.0.1:${port}`;

const server = spawn(process.execPath, ['scripts/serve.mjs'], {
	env: {
		...process.env,
		HOST: '127.0.0.1',
		PORT: String(port),
		SITE_URL: origin,
		DATABASE_URL: 'memory://',
		DATA_DIR: `.data/stream-soak-${port}`,
		ASTRO_TELEMETRY_DISABLED: '1',
		MEDIA_URL_TTL: String(ttl),
		LOG_LEVEL: 'warn',
	},
	stdio: ['ignore', 'ignore', 'inherit'],
});
const stopServer = () => server.kill('SIGTERM');
process.on('exit', stopServer);

async function waitForServer() {
	for (let i = 0; i < 180; i++) {
		try {
			if ((await fetch(`${origin}/robots.txt`)).ok) return;
		} catch {}
		await new Promise((r) => setTimeout(r, 1000));
	}
	throw new Error('the server did not start');
}

await waitForServer();
const browser = await chromium.launch({
	executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
	args: ['--no-sandbox', '--disable-gpu', '--autoplay-policy=no-user-gesture-required'],
});
const page = await (await browser.newContext({ baseURL: origin })).newPage();

// A member with premium (the sandbox's success card).
const email = `soak-${Date.now()}@example.test`;
const password = 'a long and happy passphrase';
await page.goto('/en/register');
const form = page.getByTestId('register-form');
await form.locator('input[name="name"]').fill('Soak Fan');
await form.locator('input[name="email"]').fill(email);
await form.locator('input[name="password"]').fill(password);
await form.locator('button[type="submit"]').click();
await page.waitForURL(/\/en\/login/);
await page.locator('input[name="email"]').fill(email);
await page.locator('input[name="password"]').fill(password);
await page.locator('main form button[type="submit"]').click();
await page.waitForURL((u) => !u.pathname.includes('/login'));
await page.goto('/en/pricing?plan=premium-monthly');
await page.getByRole('button', { name: 'Continue to payment' }).click();
await page.waitForURL(/\/en\/payment\/sandbox\/co_/);
await page.locator('#card').fill('4242 4242 4242 4242');
await page.locator('#expiry').fill('12/34');
await page.locator('#cvc').fill('123');
await page.locator('.sandbox__form button[type="submit"]').click();
await page.waitForURL(/\/en\/payment\/success/);

const renewals = [];
const refused = [];
const began = Date.now();
const at = () => Math.round((Date.now() - began) / 1000);
page.on('response', (r) => {
	const { pathname } = new URL(r.url());
	if (pathname === '/api/watch/demo-live' && r.ok()) renewals.push(at());
	if (pathname.startsWith('/media/') && !r.ok()) refused.push(`${at()}s ${r.status()} ${pathname}`);
});
page.on('requestfailed', (r) => {
	if (new URL(r.url()).pathname.startsWith('/media/'))
		refused.push(`${at()}s failed ${r.failure()?.errorText} ${new URL(r.url()).pathname}`);
});

await page.goto('/en/tv?play=demo-live');
const video = page.locator('.player video');
// In the page: stalls (standing still over 1 s, and `waiting` events) as they happen.
await video.evaluate((v) => {
	const w = window;
	w.soak = { waiting: 0, stalls: [], longest: 0, errors: [] };
	let last = v.currentTime;
	let moved = performance.now();
	let stallFrom = null;
	v.addEventListener('waiting', () => w.soak.waiting++);
	v.addEventListener('error', () => w.soak.errors.push(v.error?.message ?? 'error'));
	setInterval(() => {
		const now = performance.now();
		if (v.currentTime !== last) {
			if (stallFrom !== null) w.soak.stalls.push(Math.round(now - stallFrom));
			stallFrom = null;
			last = v.currentTime;
			moved = now;
		} else if (now - moved > 1000 && stallFrom === null && last > 0) stallFrom = moved;
		if (last > 0) w.soak.longest = Math.max(w.soak.longest, now - moved);
	}, 250);
});

// Counted from the first picture: before it, hls.js jumps the playhead to the live edge.
await page.waitForFunction(() => document.querySelector('.player video')?.currentTime > 0, null, {
	timeout: 60_000,
});
const startTime = await video.evaluate((v) => v.currentTime);
const playStarted = Date.now();
let stopped = null;
for (let minute = 1; minute <= minutes; minute++) {
	await page.waitForTimeout(60_000);
	const state = await page.evaluate(() => {
		const v = document.querySelector('.player video');
		return {
			currentTime: v.currentTime,
			status: document.querySelector('.player__status')?.textContent ?? '',
			error: document.querySelector('.player__error')?.textContent ?? null,
			soak: window.soak,
		};
	});
	console.log(
		`${minute} min: currentTime ${state.currentTime.toFixed(1)} s, stalls ${state.soak.stalls.length}, waiting ${state.soak.waiting}, longest still ${(state.soak.longest / 1000).toFixed(1)} s, renewals ${renewals.length}, refused ${refused.length}, status "${state.status}"`,
	);
	if (state.error) {
		stopped = `${minute} min: ${state.error}`;
		break;
	}
}

const end = await page.evaluate(() => ({
	currentTime: document.querySelector('.player video').currentTime,
	soak: window.soak,
}));
const summary = {
	minutes,
	ttlSeconds: ttl,
	played: Math.round(end.currentTime - startTime),
	wall: Math.round((Date.now() - playStarted) / 1000),
	renewals: renewals.length,
	stalls: end.soak.stalls,
	waitingEvents: end.soak.waiting,
	longestStillSeconds: Math.round(end.soak.longest / 100) / 10,
	videoErrors: end.soak.errors,
	refused,
	stopped,
};
console.log(JSON.stringify(summary, null, 2));
await browser.close();
stopServer();
process.exit(stopped || summary.longestStillSeconds > 3 ? 1 : 0);
