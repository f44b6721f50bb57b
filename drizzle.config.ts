import { defineConfig } from 'drizzle-kit';

/**
 * drizzle-kit: the schema in src/server/db/schema is the one source; `npm run db:generate`
 * writes each change as a new SQL migration beside it, in src/server/db/migrations, which
 * src/server/db/migrate.ts bundles and applies at start-up (PGlite and PostgreSQL alike).
 */
export default defineConfig({
	dialect: 'postgresql',
	schema: './src/server/db/schema',
	out: './src/server/db/migrations',
	strict: true,
	verbose: true,
});
