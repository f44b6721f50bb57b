/**
 * `npm run data:import`: imports the openfootball data set into the configured database
 * (DATABASE_URL, default PGlite under .data/) and prints what changed. Idempotent.
 */
import { register } from 'node:module';

register('./ts-resolve.mjs', import.meta.url);

const { openDatabase } = await import('../src/server/db/client.ts');
const { importFootballData, formatImportReport } = await import(
	'../src/server/football/import/index.ts'
);
const { config } = await import('../src/server/config.ts');

const started = Date.now();
const handle = await openDatabase(config().DATABASE_URL);
try {
	const report = await importFootballData(handle.db);
	console.log(formatImportReport(report));
	console.log(`Done in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
} finally {
	await handle.close();
}
