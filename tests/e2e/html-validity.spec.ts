import { expect, test } from '@playwright/test';
import { HtmlValidate } from 'html-validate';
import { javaAvailable, nuErrors } from '../helpers/nu-checker';
import { memberPageKinds, publicPageKinds } from './page-kinds';

// Every kind of page the built site renders, public and signed-in, through two HTML
// validators: html-validate (its "standard" preset: conformance, not style) always, and
// the W3C Nu checker (the one that reported Astro's island <style> in <body>) when Java is
// installed.

test('every page kind is valid HTML', async ({ page }) => {
	test.setTimeout(300_000);
	const kinds = [...(await publicPageKinds(page.request)), ...(await memberPageKinds(page))];
	const documents: { name: string; html: string }[] = [];
	for (const { kind, path, status = 200 } of kinds) {
		const response = await page.request.get(path);
		expect(response.status(), path).toBe(status);
		documents.push({ name: `${kind} ${path}`, html: await response.text() });
	}
	// The pages with islands are the ones that used to fail: make sure some are checked.
	expect(documents.filter((d) => d.html.includes('<astro-island')).length).toBeGreaterThan(3);
	for (const d of documents) expect(d.html, d.name).not.toMatch(/<body[\s\S]*<style/);

	const validator = new HtmlValidate({ extends: ['html-validate:standard'] });
	const problems: string[] = [];
	for (const d of documents) {
		const report = await validator.validateString(d.html, d.name);
		for (const r of report.results)
			for (const m of r.messages) problems.push(`${d.name}: ${m.ruleId} ${m.message}`);
	}
	expect(problems).toEqual([]);

	if (!javaAvailable()) {
		test
			.info()
			.annotations.push({ type: 'skipped', description: 'Nu checker: java is not installed' });
		return;
	}
	expect(nuErrors(documents)).toEqual([]);
});
