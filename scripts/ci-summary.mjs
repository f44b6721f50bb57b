#!/usr/bin/env node
/**
 * Prints "N passed, M failed[, K skipped]" from the Vitest and Playwright JSON reports.
 * A missing report counts as one failure: a runner that crashed must not look green.
 */
import { existsSync, readFileSync } from 'node:fs';

let passed = 0;
let failed = 0;
let skipped = 0;
const [vitestPath, playwrightPath] = process.argv.slice(2);

if (vitestPath && existsSync(vitestPath)) {
	const r = JSON.parse(readFileSync(vitestPath, 'utf8'));
	passed += r.numPassedTests ?? 0;
	failed += r.numFailedTests ?? 0;
	// A file that failed to load has no failed test but must still count.
	if (r.success === false && !r.numFailedTests) failed += Math.max(1, r.numFailedTestSuites ?? 0);
	skipped += (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
} else {
	console.error(`missing report: ${vitestPath}`);
	failed += 1;
}

if (playwrightPath && existsSync(playwrightPath)) {
	const r = JSON.parse(readFileSync(playwrightPath, 'utf8'));
	passed += r.stats?.expected ?? 0;
	failed += (r.stats?.unexpected ?? 0) + (r.stats?.flaky ?? 0) + (r.errors?.length ?? 0);
	skipped += r.stats?.skipped ?? 0;
} else {
	console.error(`missing report: ${playwrightPath}`);
	failed += 1;
}

console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 ? 1 : 0);
