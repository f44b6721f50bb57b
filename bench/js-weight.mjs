#!/usr/bin/env node
/**
 * The script each kind of interactive page loads on first load, as a browser receives it:
 * every script response Chromium sees until the network is idle, sized from the build's
 * files as brotli (what the front serves to browsers that ask) and gzip.
 *
 *   node bench/js-weight.mjs --base http://127.0.0.1:4321 --out dist [--outbox DIR]
 *
 * The server at --base must serve the build in --out. Signed-in pages need an account: one
 * is registered through the site's own form. The console's scoring page needs the first
 * administrator (ADMIN_EMAIL=chief@e2e.test on the server, its mail in --outbox); without
 * --outbox that row is left out. Prints a Markdown table and, per page, its chunks.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import { scriptsOf } from '../scripts/script-weight.mjs';

const { values } = parseArgs({
	options: {
		base: { type: 'string', default: 'http://127.0.0.1:4321' },
		out: { type: 'string', default: 'dist' },
		outbox: { type: 'string' },
		chunks: { type: 'boolean', default: false },
	},
});
const base = values.base;
const PASSWORD = 'a long and happy passphrase';

async function api(path) {
	return (await fetch(base + path)).json();
}

/**
 * A live match (the replay feed), one with a stream when there is one (its page carries the
 * most islands), and a finished one, from the public API.
 */
async function matchIds() {
	const live = await api('/api/v1/matches?status=live');
	const ids = (live.competitions ?? []).flatMap((c) => c.matches.map((m) => m.id));
	let liveId = ids[0];
	for (const id of ids)
		if ((await (await fetch(`${base}/en/match/${id}`)).text()).includes('id="watch"')) {
			liveId = id;
			break;
		}
	const day = await api('/api/v1/matches?date=2022-12-18');
	return { liveId, finishedId: day.competitions[0].matches[0].id };
}

async function measure(page, path) {
	const { status, chunks } = await scriptsOf(page, base + path, values.out);
	const sum = (k) => chunks.reduce((n, c) => n + c[k], 0);
	return { path, status, br: sum('br'), gz: sum('gz'), chunks };
}

async function registerAndLogIn(page) {
	const email = `weight-${Date.now()}@example.com`;
	await page.goto(`${base}/en/register`);
	await page.getByLabel('Name').fill('Weigher');
	await page.getByLabel('E-mail address').fill(email);
	await page.getByLabel('New password').fill(PASSWORD);
	await page.getByRole('button', { name: 'Create account' }).click();
	await page.waitForURL(/\/en\/login/);
	await page.getByLabel('E-mail address').fill(email);
	await page.getByLabel('Password').fill(PASSWORD);
	await page.getByRole('button', { name: 'Log in' }).click();
	await page.waitForURL((u) => !u.pathname.includes('/login'));
}

/** The first administrator: registered, then its password set from the mailed link. */
async function consoleLogIn(page, outbox) {
	const admin = 'chief@e2e.test';
	let login = await page.request.post(`${base}/api/auth/cms/login`, {
		data: { email: admin, password: PASSWORD },
	});
	if (login.status() === 401) {
		const since = Date.now();
		await page.goto(`${base}/en/register`);
		await page.getByLabel('Name').fill('Chief');
		await page.getByLabel('E-mail address').fill(admin);
		await page.getByLabel('New password').fill(PASSWORD);
		await page.getByRole('button', { name: 'Create account' }).click();
		let link;
		for (let i = 0; i < 100 && !link; i++) {
			await new Promise((r) => setTimeout(r, 100));
			for (const f of readdirSync(outbox).filter((n) => n.endsWith('.json'))) {
				const mail = JSON.parse(readFileSync(join(outbox, f), 'utf8'));
				if (mail.to === admin && Date.parse(mail.date) >= since - 1000)
					link = /https?:\/\/\S+\/auth\/reset-password\?token=[\w-]+/.exec(mail.text)?.[0];
			}
		}
		await page.goto(link);
		await page.getByLabel(/New password/).fill(PASSWORD);
		await page
			.getByRole('button')
			.filter({ hasText: /password/i })
			.click();
		await page.waitForURL(/login/);
		login = await page.request.post(`${base}/api/auth/cms/login`, {
			data: { email: admin, password: PASSWORD },
		});
	}
	if (login.status() !== 200) throw new Error(`console log-in: ${login.status()}`);
}

const browser = await chromium.launch({
	executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
	args: ['--no-sandbox', '--disable-gpu'],
});
const { liveId, finishedId } = await matchIds();
const rows = [];
const anon = await browser.newPage({ viewport: { width: 390, height: 844 } });
const publicPages = [
	['home', '/en'],
	['live list', '/en/live-matches'],
	['live match centre', liveId ? `/en/match/${liveId}` : null],
	['finished match', `/en/match/${finishedId}`],
	['league', '/en/league/premier-league'],
	['team', '/en/team/argentina'],
	['pricing', '/en/pricing'],
	['login', '/en/login'],
	['register', '/en/register'],
	['widget builder', '/en/widget'],
	['FAQ (static)', '/en/faq'],
];
for (const [kind, path] of publicPages)
	if (path) rows.push({ kind, ...(await measure(anon, path)) });
const member = await browser.newPage({ viewport: { width: 390, height: 844 } });
await registerAndLogIn(member);
for (const [kind, path] of [
	['account', '/en/account'],
	['live games', '/en/live-games'],
])
	rows.push({ kind, ...(await measure(member, path)) });
if (values.outbox) {
	const staff = await browser.newPage({ viewport: { width: 1366, height: 900 } });
	await consoleLogIn(staff, values.outbox);
	rows.push({
		kind: 'console scoring',
		...(await measure(staff, `/en/cms/matches/${finishedId}`)),
	});
}
await browser.close();

const kb = (n) => (n / 1024).toFixed(1);
console.log('| page | path | brotli KB | gzip KB | chunks |\n|---|---|---:|---:|---:|');
for (const r of rows)
	console.log(`| ${r.kind} | ${r.path} | ${kb(r.br)} | ${kb(r.gz)} | ${r.chunks.length} |`);
if (values.chunks)
	for (const r of rows) {
		console.log(`\n${r.kind} (${r.path}):`);
		for (const c of r.chunks)
			console.log(`  ${kb(c.br).padStart(6)} br ${kb(c.gz).padStart(6)} gz  ${c.file}`);
	}
