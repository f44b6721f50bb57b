import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The mark scripts/patch-postgres.mjs leaves in the driver it repaired (both parts). */
const MARK = 'matchday: closed-connection repair 2';

/**
 * Says on the log, once, when the PostgreSQL driver lacks the closed-connection repair
 * (`npm install --ignore-scripts` skips it): without it a database blink can kill the
 * process, hang a request or commit half a transaction (see scripts/patch-postgres.mjs). Never throws: the site still serves.
 */
export function warnIfDriverUnrepaired(): void {
	let sources: string[];
	try {
		const entry = fileURLToPath(import.meta.resolve('postgres'));
		sources = [entry, entry.replace(/index\.js$/, 'connection.js')].map((file) =>
			readFileSync(file, 'utf8'),
		);
	} catch {
		return; // Bundled or resolved some other way: nothing to read, nothing to say.
	}
	if (!sources.every((source) => source.includes(MARK)))
		console.error(
			'[db] the PostgreSQL driver lacks the closed-connection repair: a database blink can crash this process or hang its writes. Run `node scripts/patch-postgres.mjs`.',
		);
}
