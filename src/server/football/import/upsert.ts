import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '~/server/db/client';
import { rowsOf } from '~/server/db/rows';

/** Counts of what one upsert did. */
export interface UpsertCount {
	inserted: number;
	updated: number;
}

/**
 * `INSERT … ON CONFLICT (key) DO UPDATE … WHERE something changed RETURNING id, inserted`
 * for plain rows (column name → value), in chunks. Unchanged rows are not touched, so a
 * second import reports zero and leaves `updated_at`/`version` alone.
 */
export async function upsertRows(
	db: Database,
	table: string,
	rows: Record<string, unknown>[],
	conflict: string[],
	options: { returning?: string[]; onChange?: Record<string, string> } = {},
): Promise<{ count: UpsertCount; returned: Record<string, unknown>[] }> {
	const count: UpsertCount = { inserted: 0, updated: 0 };
	const returned: Record<string, unknown>[] = [];
	if (rows.length === 0) return { count, returned };
	const columns = Object.keys(rows[0]!);
	const q = (c: string) => `"${c}"`;
	const updatable = columns.filter((c) => !conflict.includes(c));
	const extra = Object.entries(options.onChange ?? {});
	const setList = [
		...updatable.map((c) => `${q(c)} = excluded.${q(c)}`),
		...extra.map(([c, expr]) => `${q(c)} = ${expr}`),
	];
	const action =
		updatable.length === 0
			? 'DO NOTHING'
			: `DO UPDATE SET ${setList.join(', ')} WHERE (${updatable.map((c) => `${q(table)}.${q(c)}`).join(', ')}, NULL) IS DISTINCT FROM (${updatable.map((c) => `excluded.${q(c)}`).join(', ')}, NULL)`;
	const ret = ['(xmax = 0) AS "__inserted"', ...(options.returning ?? []).map(q)].join(', ');
	const chunk = Math.max(1, Math.floor(20_000 / columns.length));
	for (let i = 0; i < rows.length; i += chunk) {
		const part = rows.slice(i, i + chunk);
		const values = sql.join(
			part.map(
				(row) =>
					sql`(${sql.join(
						columns.map((c) => toParam(row[c])),
						sql`, `,
					)})`,
			),
			sql`, `,
		);
		const query: SQL = sql`INSERT INTO ${sql.raw(q(table))} (${sql.raw(columns.map(q).join(', '))}) VALUES ${values} ON CONFLICT (${sql.raw(conflict.map(q).join(', '))}) ${sql.raw(action)} RETURNING ${sql.raw(ret)}`;
		for (const row of rowsOf(await db.execute(query))) {
			if (row.__inserted === true || row.__inserted === 't') count.inserted++;
			else count.updated++;
			returned.push(row);
		}
	}
	return { count, returned };
}

function toParam(value: unknown): SQL {
	if (value === null || value === undefined) return sql`NULL`;
	if (value instanceof Date) return sql`${value.toISOString()}::timestamptz`;
	return sql`${value}`;
}
