/**
 * One Lighthouse run (its default: a mid-range phone, simulated slow 4G) in Debian's
 * Chromium, shared by the suite (tests/e2e/lighthouse.spec.ts: accessibility, SEO and best
 * practices) and the benchmark (bench/lighthouse.mjs: the performance score). A fresh
 * browser per run, as Lighthouse expects: nothing cached, no state from an earlier page.
 */
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';

const FLAGS = [
	'--headless=new',
	'--no-sandbox',
	'--disable-gpu',
	'--no-first-run',
	'--disable-dev-shm-usage',
];

/**
 * @param {string} url
 * @param {{ categories: string[] }} opts
 * @returns {Promise<{ scores: Record<string, number>; failing: Record<string, string[]>; cls: number | null; tbt: number | null }>}
 */
export async function runLighthouse(url, { categories }) {
	const chrome = await launch({
		chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
		chromeFlags: FLAGS,
		logLevel: 'silent',
	});
	try {
		const result = await lighthouse(url, {
			port: chrome.port,
			onlyCategories: categories,
			logLevel: 'error',
			output: 'json',
		});
		if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
		const { lhr } = result;
		if (lhr.runtimeError)
			throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
		/** @type {Record<string, number>} */
		const scores = {};
		/** @type {Record<string, string[]>} */
		const failing = {};
		for (const [id, category] of Object.entries(lhr.categories)) {
			scores[id] = Math.round((category.score ?? 0) * 100);
			failing[id] = category.auditRefs
				.filter((ref) => ref.weight > 0)
				.map((ref) => lhr.audits[ref.id])
				.filter((a) => a && a.score !== null && a.score < 1)
				.map((a) => `${a.id}: ${a.title}`);
		}
		return {
			scores,
			failing,
			cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? null,
			tbt: lhr.audits['total-blocking-time']?.numericValue ?? null,
		};
	} finally {
		chrome.kill();
	}
}
