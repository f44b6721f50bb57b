#!/usr/bin/env node
/**
 * Repairs a defect of the PostgreSQL driver (postgres 3.4.9, porsager/postgres issues #1066,
 * #1154, #1208; no release carries a fix yet) that turns a database blink into a dead process.
 * Run by `npm install` (postinstall); idempotent; checked at start-up by src/server/db/driver.ts.
 *
 * The driver batches small writes behind a `setImmediate`. When the connection closes (a
 * reset, a failover, a proxy restart) its socket becomes `null`, but
 *  1. a transaction's ROLLBACK (or any query of a reserved connection) can still be handed
 *     to the closed connection: its bytes are batched, and the immediate that flushes them
 *     throws `TypeError: Cannot read properties of null (reading 'write')` from a timer,
 *     where no caller can catch it: the process dies;
 *  2. the close clears that immediate without forgetting it, so the connection never
 *     schedules a flush again: after it reconnects, every query on it waits for ever (and
 *     the stale batch would be sent ahead of the next session's start-up message).
 * The repair: a query handed to a closed connection is rejected at once (CONNECTION_CLOSED,
 * which the site answers with 503); the flush checks for a socket; closing forgets the
 * timer and the batch.
 *
 *   node scripts/patch-postgres.mjs          (repairs node_modules/postgres in place)
 *   node scripts/patch-postgres.mjs --check  (exits 1 when a copy is not repaired)
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const MARK = 'matchday: closed-connection repair';

/** [original, repaired] pairs, applied in order; every original must occur exactly once. */
const EDITS = [
	[
		`    if (terminated)
      return queryError(q, Errors.connection('CONNECTION_DESTROYED', options))
`,
		`    if (terminated)
      return queryError(q, Errors.connection('CONNECTION_DESTROYED', options))

    // ${MARK}: a closed connection (no socket until it reconnects) cannot send this query;
    // true keeps the pool from moving the connection out of its closed queue.
    if (!socket)
      return (queryError(q, Errors.connection('CONNECTION_CLOSED', options)), true)
`,
	],
	[
		`  function nextWrite(fn) {
    const x = socket.write(chunk, fn)
`,
		`  function nextWrite(fn) {
    // ${MARK}: the socket closed before this flush ran; never throw from a timer.
    if (!socket) {
      nextWriteTimer !== null && clearImmediate(nextWriteTimer)
      chunk = nextWriteTimer = null
      error(Errors.connection('CONNECTION_CLOSED', options))
      return false
    }
    const x = socket.write(chunk, fn)
`,
	],
	[
		`    terminated = true
    if (stream || query || initial || sent.length)
      error(Errors.connection('CONNECTION_DESTROYED', options))

    clearImmediate(nextWriteTimer)
`,
		`    terminated = true
    if (stream || query || initial || sent.length)
      error(Errors.connection('CONNECTION_DESTROYED', options))

    clearImmediate(nextWriteTimer)
    chunk = nextWriteTimer = null // ${MARK}
`,
	],
	[
		`    incomings = null
    clearImmediate(nextWriteTimer)
`,
		`    incomings = null
    clearImmediate(nextWriteTimer)
    chunk = nextWriteTimer = null // ${MARK}
`,
	],
];

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const COPIES = ['src', 'cjs/src', 'cf/src'].map((dir) =>
	join(root, 'node_modules', 'postgres', dir, 'connection.js'),
);

/** The repaired text of one copy of connection.js, or an error naming what did not match. */
export function repair(source) {
	if (source.includes(MARK)) return source;
	let out = source;
	for (const [from, to] of EDITS) {
		const at = out.indexOf(from);
		if (at < 0 || out.indexOf(from, at + 1) >= 0)
			throw new Error(`postgres connection.js does not have the expected code:\n${from}`);
		out = out.slice(0, at) + to + out.slice(at + from.length);
	}
	return out;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
	const check = process.argv.includes('--check');
	const copies = COPIES.filter((file) => existsSync(file));
	if (copies.length === 0) {
		console.log('[patch-postgres] the postgres driver is not installed: nothing to repair');
		process.exit(0);
	}
	const version = JSON.parse(
		readFileSync(join(root, 'node_modules', 'postgres', 'package.json'), 'utf8'),
	).version;
	let unrepaired = 0;
	for (const file of copies) {
		const source = readFileSync(file, 'utf8');
		if (source.includes(MARK)) continue;
		if (check) {
			unrepaired++;
			console.error(`[patch-postgres] not repaired: ${file}`);
			continue;
		}
		try {
			writeFileSync(file, repair(source));
		} catch (error) {
			// A newer driver may have the fix, or code this repair no longer fits: say so loudly,
			// but never fail an install over it (the start-up check repeats the warning).
			console.warn(`[patch-postgres] postgres ${version}: ${error.message}`);
		}
	}
	if (check && unrepaired > 0) process.exit(1);
	if (!check)
		console.log(`[patch-postgres] postgres ${version}: closed-connection repair in place`);
}
