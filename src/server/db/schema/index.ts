/**
 * The Drizzle schema, one file per feature area, re-exported here. This is the one source
 * of the database's shape: `npm run db:generate` turns a change here into a new SQL
 * migration under ../migrations (see docs/architecture.md, Database).
 */
export * from './football';
export * from './auth';
export * from './live';
export * from './payments';
export * from './streams';
export * from './games';
export * from './follows';
export * from './push';
export * from './cms';
export * from './watching';
export * from './news';
export * from './mail';
