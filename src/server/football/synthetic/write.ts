import { once } from 'node:events';
import type { Sql } from 'postgres';
import { generateSynthetic, SYNTHETIC_COLUMNS, type Row, type SyntheticOptions } from './generate';

/** The football tables the synthetic set fills, and everything that refers to them. */
const FOOTBALL_TABLES = [
	'match_events',
	'lineups',
	'squads',
	'page_views',
	'live_replays',
	'matches',
	'team_aliases',
	'rivalries',
	'venues',
	'players',
	'teams',
	'seasons',
	'competitions',
];

export interface SyntheticReport {
	rows: Record<string, number>;
	seconds: number;
}

/** COPY's text format: tab-separated, `\N` for null, backslash escapes. */
function copyLine(row: Row): string {
	let line = '';
	for (let i = 0; i < row.length; i++) {
		const v = row[i];
		if (i > 0) line += '\t';
		if (v === null || v === undefined) line += '\\N';
		else if (typeof v === 'string')
			line += v.replace(/[\\\t\n\r]/g, (c) =>
				c === '\\' ? '\\\\' : c === '\t' ? '\\t' : c === '\n' ? '\\n' : '\\r',
			);
		else line += String(v);
	}
	return `${line}\n`;
}

async function copyRows(
	sql: Sql,
	table: string,
	columns: readonly string[],
	rows: Row[],
): Promise<void> {
	if (rows.length === 0) return;
	const stream = await sql.unsafe(`COPY ${table} (${columns.join(', ')}) FROM STDIN`).writable();
	// Batches of lines: one write per row would cost more in stream overhead than in PostgreSQL.
	const BATCH = 2000;
	for (let i = 0; i < rows.length; i += BATCH) {
		let text = '';
		for (const row of rows.slice(i, i + BATCH)) text += copyLine(row);
		if (!stream.write(text)) await once(stream, 'drain');
	}
	stream.end();
	await once(stream, 'finish');
}

/**
 * Writes the synthetic data set into a PostgreSQL database with COPY, in one transaction.
 * The football tables must be empty unless `replace` is set, which empties them first
 * (with everything that refers to them: page views, replays, line-ups). Sequences are moved
 * past the generated ids so the importer and the live feed can add rows afterwards.
 */
export async function writeSynthetic(
	sql: Sql,
	opts: SyntheticOptions & {
		replace?: boolean;
		onProgress?: (table: string, rows: number) => void;
	},
): Promise<SyntheticReport> {
	const started = performance.now();
	const rows: Record<string, number> = {};
	await sql.begin(async (tx) => {
		if (opts.replace)
			await tx.unsafe(`TRUNCATE ${FOOTBALL_TABLES.join(', ')} RESTART IDENTITY CASCADE`);
		else {
			const [found] = await tx.unsafe(
				'SELECT EXISTS (SELECT 1 FROM matches) OR EXISTS (SELECT 1 FROM teams) AS present',
			);
			if (found?.present)
				throw new Error(
					'The football tables already hold data: pass --replace to empty them first.',
				);
		}
		for (const chunk of generateSynthetic(opts)) {
			await copyRows(tx as unknown as Sql, chunk.table, SYNTHETIC_COLUMNS[chunk.table], chunk.rows);
			rows[chunk.table] = (rows[chunk.table] ?? 0) + chunk.rows.length;
			opts.onProgress?.(chunk.table, rows[chunk.table]!);
		}
		for (const table of ['competitions', 'seasons', 'teams', 'venues', 'matches', 'match_events'])
			await tx.unsafe(
				`SELECT setval(pg_get_serial_sequence('${table}', 'id'), GREATEST((SELECT max(id) FROM ${table}), 1))`,
			);
	});
	// Fresh statistics, or the planner guesses from an empty table's.
	await sql.unsafe('ANALYZE competitions, seasons, teams, venues, matches, match_events');
	return { rows, seconds: (performance.now() - started) / 1000 };
}
