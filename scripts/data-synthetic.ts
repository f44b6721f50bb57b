/**
 * `npm run data:synthetic -- [--seed N] [--scale S] [--now ISO] [--replace]`: writes a large
 * synthetic football data set (src/server/football/synthetic) into the PostgreSQL database
 * DATABASE_URL names, for load tests and query plans. Scale 1 is about 200,000 matches,
 * 5,000 teams and 2.5 million events. The same seed, scale and `--now` give the same rows.
 * `--replace` empties the football tables first; without it they must be empty.
 */
import { parseArgs } from 'node:util';
import { register } from 'node:module';

register('./ts-resolve.mjs', import.meta.url);

const { default: postgres } = await import('postgres');
const { openDatabase } = await import('../src/server/db/client.ts');
const { config } = await import('../src/server/config.ts');
const { writeSynthetic } = await import('../src/server/football/synthetic/write.ts');

function fail(message: string): never {
	process.stderr.write(`${message}\n`);
	process.exit(1);
}

let args: ReturnType<typeof parse>;
function parse() {
	return parseArgs({
		options: {
			seed: { type: 'string', default: '1' },
			scale: { type: 'string', default: '1' },
			now: { type: 'string' },
			replace: { type: 'boolean', default: false },
		},
	}).values;
}
try {
	args = parse();
} catch (error) {
	fail((error as Error).message);
}
const seed = Number(args.seed);
if (!Number.isInteger(seed) || seed < 0) fail('--seed: a whole number ≥ 0');
const scale = Number(args.scale);
if (!(scale > 0 && scale <= 10)) fail('--scale: a number above 0, at most 10');
const now = args.now ? new Date(args.now) : new Date();
if (Number.isNaN(now.getTime())) fail('--now: an ISO date such as 2026-11-24T12:00:00Z');
const url = config().DATABASE_URL;
if (!url || !/^postgres(ql)?:\/\//.test(url))
	fail(
		'DATABASE_URL must name a PostgreSQL database (postgres://…): the set is too large for the embedded one.',
	);

// The schema first (migrations), then COPY on a connection of our own.
const handle = await openDatabase(url);
await handle.close();
const sql = postgres(url, { max: 1, onnotice: () => {} });
try {
	const report = await writeSynthetic(sql, {
		seed,
		scale,
		now,
		replace: args.replace,
		onProgress: (table, rows) => process.stderr.write(`\r${table}: ${rows}            `),
	});
	process.stderr.write('\n');
	for (const [table, n] of Object.entries(report.rows)) console.log(`${table}: ${n} rows`);
	console.log(
		`Done in ${report.seconds.toFixed(1)} s (seed ${seed}, scale ${scale}, now ${now.toISOString()}).`,
	);
} catch (error) {
	fail((error as Error).message);
} finally {
	await sql.end({ timeout: 5 });
}
