import { defineMiddleware } from 'astro:middleware';
import { ensureStarted } from '../server/startup';

/** Holds requests until the database is migrated and the start-up tasks have run. */
export const startup = defineMiddleware(async (_context, next) => {
	await ensureStarted();
	return next();
});
