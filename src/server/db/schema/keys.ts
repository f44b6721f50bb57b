import { getTableName } from 'drizzle-orm';
import { foreignKey, type PgColumn } from 'drizzle-orm/pg-core';

/**
 * A foreign key named the way PostgreSQL names an unnamed one, `<table>_<column>_fkey`: that is
 * the name databases created before drizzle-kit have, and a later migration that drops or
 * changes the key must find it there. (`.references()` cannot take a name and would call it
 * `<table>_<column>_<target>_<column>_fk`.) Chain `.onDelete('cascade')` as with `.references()`.
 */
export function fkey(column: PgColumn, target: PgColumn) {
	return foreignKey({
		name: `${getTableName(column.table)}_${column.name}_fkey`,
		columns: [column],
		foreignColumns: [target],
	});
}
