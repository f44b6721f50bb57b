/**
 * A PGlite instance whose WebAssembly runtime aborted (`RuntimeError: Aborted()`: a damaged
 * folder, a second process writing it) answers nothing ever again. Serving 500s forever
 * helps no one: the process exits with a clear message so a supervisor restarts it (and
 * the start-up check then tells the operator what to do).
 */
export function isFatalDatabaseError(error: unknown): boolean {
	if (!(error instanceof Error)) return false;
	const runtime = error.name === 'RuntimeError' || error instanceof WebAssembly.RuntimeError;
	return runtime && /Aborted\(/.test(error.message);
}

/** The operator's way out of a damaged embedded database. */
export function recoveryAdvice(folder: string): string {
	return (
		`The embedded database in ${folder} cannot be opened (it is damaged). ` +
		'Restore a backup with `npm run db:restore -- <file>`, or start empty with `npm run db:reset`.'
	);
}

/** Exits the process (code 70, "internal software error") when `error` is fatal. */
export function exitIfDatabaseDead(error: unknown): void {
	if (!isFatalDatabaseError(error)) return;
	console.error('[db] the embedded database failed fatally (RuntimeError: Aborted()); exiting');
	process.exitCode = 70;
	// Let this line reach the log, then stop before another request meets the dead database.
	setImmediate(() => process.exit(70));
}
