import { expect, test } from '@playwright/test';
import { htmlValidateErrors } from '../helpers/html-validate';
import { javaAvailable, nuErrors } from '../helpers/nu-checker';
import { documentsOf, publicPageKinds } from './page-kinds';

// Every kind of public page the built site renders through two HTML validators:
// html-validate (its "standard" preset: conformance, not style) always, and the W3C Nu
// checker (the one that reported Astro's island <style> in <body>) when Java is installed.
// The signed-in pages (account, payment results) are checked by payments.spec.ts, in the
// session it already has.

test('every public page kind is valid HTML', async ({ request }) => {
	test.setTimeout(300_000);
	const documents = await documentsOf(request, await publicPageKinds(request));
	// The pages with islands are the ones that used to fail: make sure some are checked.
	expect(documents.filter((d) => d.html.includes('<astro-island')).length).toBeGreaterThan(3);
	for (const d of documents) expect(d.html, d.name).not.toMatch(/<body[\s\S]*<style/);
	expect(await htmlValidateErrors(documents)).toEqual([]);
	if (!javaAvailable()) {
		test
			.info()
			.annotations.push({ type: 'skipped', description: 'Nu checker: java is not installed' });
		return;
	}
	expect(nuErrors(documents)).toEqual([]);
});
