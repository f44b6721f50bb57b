import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The mark scripts/patch-postgres.mjs leaves in the driver it repaired. */
const MARK = 'matchday: closed-connection repair';

/**
 * Says on the log, once, when the PostgreSQL driver lacks the closed-connection repair
 * (`npm install --ignore-scripts` skips it): without it a database blink can kill the
 * process (see scripts/patch-postgres.mjs). Never throws: the site still serves.
 */
export function warnIfDriverUnrepaired(): void {
	let source: string;
	try {
		const entry = fileURLToPath(import.meta.resolve('postgres'));
		source = readFileSync(entry.replace(/index\.js$/, 'connection.js'), 'utf8');
	} catch {
		return; // Bundled or resolved some other way: nothing to read, nothing to say.
	}
	if (!source.includes(MARK))
		console.error(
			'[db] the PostgreSQL driver lacks the closed-connection repair: a database blink can crash this process. Run `node scripts/patch-postgres.mjs`.',
		);
}
