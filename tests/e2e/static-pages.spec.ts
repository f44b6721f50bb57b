import { expect, test } from '@playwright/test';
import { LOCALES } from '~/i18n/locales';
import { STATIC_PAGES } from '~/lib/routes';

// Static pages ship no executable JavaScript: the only <script> elements allowed are
// JSON-LD and speculation rules. Checked for every page in every locale.
const PAGES = [
	...STATIC_PAGES,
	'guides',
	'guides/how-to-watch',
	'guides/how-plans-work',
	'guides/using-the-site',
	'news',
];
const ALLOWED_TYPES = new Set(['application/ld+json', 'speculationrules']);

for (const locale of LOCALES) {
	test(`static pages in ${locale} carry no script and full SEO tags`, async ({ request }) => {
		for (const page of PAGES) {
			const path = `/${locale}/${page}`;
			const response = await request.get(path);
			expect(response.status(), path).toBe(200);
			const html = await response.text();
			const scripts = [...html.matchAll(/<script\b([^>]*)>/gi)].map((m) => m[1] ?? '');
			const executable = scripts.filter((attrs) => {
				const type = /type\s*=\s*"?([^"\s>]+)/i.exec(attrs)?.[1]?.toLowerCase();
				return !type || !ALLOWED_TYPES.has(type);
			});
			expect(executable, `${path} scripts`).toEqual([]);
			expect(html, path).not.toMatch(/\son[a-z]+\s*=/i);
			expect(html, path).toMatch(/<title>[^<]+<\/title>/);
			expect(html, path).toMatch(/<meta name="description" content="[^"]+"/);
			expect(html, path).toContain(`<link rel="canonical" href="http://127.0.0.1:`);
			expect(html, path).toContain('hreflang="x-default"');
			for (const l of LOCALES) expect(html, `${path} hreflang ${l}`).toContain(`hreflang="${l}"`);
			expect(html, path).toContain('property="og:title"');
			expect(html, path).toContain('type="application/rss+xml"');
		}
	});
}

test('static pages render their Markdown in a real browser without running any script', async ({
	browser,
}) => {
	const context = await browser.newContext({ javaScriptEnabled: false });
	const page = await context.newPage();
	await page.goto('/fr/faq');
	await expect(page.locator('main h1')).toBeVisible();
	expect(await page.locator('main h2').count()).toBeGreaterThan(3);
	await context.close();
});
