/**
 * A database's schema as PostgreSQL itself describes it (pg_catalog), normalised into sorted
 * lines, so two databases built different ways (the legacy hand-written SQL, the generated
 * migrations) can be compared with one `toEqual`. Names are part of it on purpose: a later
 * migration that drops `matches_kickoff_idx` must find it under that name on every database.
 */
export type Query = (sql: string) => Promise<Record<string, unknown>[]>;

const COLUMNS = `
SELECT c.relname AS t, a.attname AS name,
	-- The order among live columns: a dropped column leaves a gap in attnum, not in meaning.
	row_number() OVER (PARTITION BY a.attrelid ORDER BY a.attnum) AS pos, format_type(a.atttypid, a.atttypmod) AS type,
	a.attnotnull AS not_null, pg_get_expr(d.adbin, d.adrelid) AS def, a.attidentity AS identity
FROM pg_attribute a
JOIN pg_class c ON c.oid = a.attrelid
JOIN pg_namespace n ON n.oid = c.relnamespace
LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
WHERE n.nspname = 'public' AND c.relkind = 'r' AND a.attnum > 0 AND NOT a.attisdropped`;

const CONSTRAINTS = `
SELECT c.relname AS t, k.conname AS name, pg_get_constraintdef(k.oid) AS def
FROM pg_constraint k
JOIN pg_class c ON c.oid = k.conrelid
JOIN pg_namespace n ON n.oid = c.relnamespace
WHERE n.nspname = 'public'`;

const INDEXES = `SELECT indexname AS name, indexdef AS def FROM pg_indexes WHERE schemaname = 'public'`;

const SEQUENCES = `
SELECT sequencename AS name, data_type AS type, start_value, min_value, max_value,
	increment_by, cycle, cache_size
FROM pg_sequences WHERE schemaname = 'public'`;

const OTHERS = `
SELECT 'extension ' || extname AS def FROM pg_extension WHERE extname <> 'plpgsql'
UNION ALL
SELECT 'trigger ' || tgname FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
	JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = 'public' AND NOT t.tgisinternal
UNION ALL
SELECT 'function ' || p.proname FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
	WHERE n.nspname = 'public'
UNION ALL
SELECT 'type ' || t.typname FROM pg_type t JOIN pg_namespace n ON n.oid = t.typnamespace
	WHERE n.nspname = 'public' AND t.typtype IN ('e', 'd', 'c') AND t.typrelid = 0`;

/** Every table, column, constraint, index, sequence (and any extension, trigger, function). */
export async function describeSchema(query: Query, ignoreTables: string[] = []): Promise<string[]> {
	const keep = (row: Record<string, unknown>) => !ignoreTables.includes(String(row.t ?? ''));
	const lines: string[] = [];
	for (const r of (await query(COLUMNS)).filter(keep)) {
		const identity = r.identity ? ` identity ${String(r.identity)}` : '';
		lines.push(
			`column ${r.t}.${r.name} #${r.pos} ${r.type}${r.not_null ? ' not null' : ''}${r.def ? ` default ${r.def}` : ''}${identity}`,
		);
	}
	for (const r of (await query(CONSTRAINTS)).filter(keep))
		lines.push(`constraint ${r.t}.${r.name} ${r.def}`);
	for (const r of await query(INDEXES)) {
		const def = String(r.def);
		if (!ignoreTables.some((t) => def.includes(` ON public.${t} `)))
			lines.push(`index ${r.name} ${def}`);
	}
	for (const r of await query(SEQUENCES)) {
		if (ignoreTables.some((t) => String(r.name).startsWith(`${t}_`))) continue;
		lines.push(
			`sequence ${r.name} ${r.type} start ${r.start_value} min ${r.min_value} max ${r.max_value} by ${r.increment_by} cache ${r.cache_size}${r.cycle ? ' cycle' : ''}`,
		);
	}
	for (const r of await query(OTHERS)) lines.push(String(r.def));
	return lines.sort();
}
