/**
 * The Drizzle schema, one file per feature area, re-exported here. Table definitions must
 * match the SQL migrations in ../migrations (the SQL is the source of truth for the
 * database; these are the typed view of it).
 */
export * from './football';
export * from './auth';
export * from './live';
export * from './payments';
export * from './streams';
