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
async function runOnce(url, { categories }) {
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
		if (lhr.runtimeError) throw new LighthouseRuntimeError(url, lhr.runtimeError);
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

/** Lighthouse could not measure the page (its trace, not the page, went wrong). */
class LighthouseRuntimeError extends Error {
	/** @param {string} url @param {{ code: string; message: string }} error */
	constructor(url, error) {
		super(`${url}: ${error.code} ${error.message}`);
		this.code = error.code;
	}
}

/**
 * One measurement of `url`. Lighthouse sometimes fails to record its own trace (NO_NAVSTART,
 * NO_FCP on a busy machine) and asks to be run again: it is, up to four times, in a fresh browser.
 *
 * @param {string} url
 * @param {{ categories: string[] }} opts
 */
export async function runLighthouse(url, opts) {
	for (let attempt = 1; ; attempt++) {
		try {
			return await runOnce(url, opts);
		} catch (error) {
			// Five tries: on a loaded CI machine three in a row once failed to record a trace.
			if (!(error instanceof LighthouseRuntimeError) || attempt >= 5) throw error;
			console.warn(`[lighthouse] ${error.message}; running again`);
		}
	}
}
