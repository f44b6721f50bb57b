#!/usr/bin/env node
/** `npm run bench [name]`: every benchmark in this folder (helpers live in lib/), one after the other. */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';

const only = process.argv[2];
const files = readdirSync(new URL('.', import.meta.url))
	.filter((f) => f.endsWith('.mjs') && f !== 'run.mjs')
	.filter((f) => !only || f.includes(only))
	.sort();
let failed = 0;
for (const file of files) {
	console.log(`\n=== bench/${file}`);
	const r = spawnSync(process.execPath, [new URL(file, import.meta.url).pathname], {
		stdio: 'inherit',
	});
	if (r.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
