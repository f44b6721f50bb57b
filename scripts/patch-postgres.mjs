#!/usr/bin/env node
/**
 * Repairs defects of the PostgreSQL driver (postgres 3.4.9, porsager/postgres issues #1066,
 * #1130, #1154, #1208, pull #1142; no release carries a fix yet) that turn a database blink
 * into a dead process, a request that never ends, or a write that escapes its transaction.
 * Run by `npm install` (postinstall); idempotent, and it upgrades a copy an earlier version
 * repaired; checked at start-up by src/server/db/driver.ts.
 *
 * The driver batches small writes behind a `setImmediate`. When the connection closes (a
 * reset, a failover, a proxy restart) its socket becomes `null`, but
 *  1. a transaction's ROLLBACK (or any query of a reserved connection) can still be handed
 *     to the closed connection: its bytes are batched, and the immediate that flushes them
 *     throws `TypeError: Cannot read properties of null (reading 'write')` from a timer,
 *     where no caller can catch it: the process dies;
 *  2. the close clears that immediate without forgetting it, so the connection never
 *     schedules a flush again: after it reconnects, every query on it waits for ever (and
 *     the stale batch would be sent ahead of the next session's start-up message);
 *  3. between the socket's 'error' and its 'close' (a loop turn or more under load) the
 *     pool still counts the connection as open and hands it queries; the close rejects only
 *     what it finds after a clean end, so such a query (a transaction's BEGIN, say) waits
 *     for ever, and the next session's start-up "ready" resolves it with an empty result:
 *     a console write that hangs (and holds up the writers queued behind it), a read that
 *     finds nothing;
 *  4. a transaction's later statements go to its connection object whatever happened to
 *     it: after the connection closed and reconnected for someone else they would run,
 *     and commit, outside the transaction.
 * The repair: a query handed to a closed or failed connection is rejected at once
 * (CONNECTION_CLOSED, which the site answers with 503); the flush checks for a socket;
 * closing forgets the timer, the batch and the session's queries (rejecting them); a
 * transaction whose connection closed refuses its remaining statements.
 *
 *   node scripts/patch-postgres.mjs          (repairs node_modules/postgres in place)
 *   node scripts/patch-postgres.mjs --check  (exits 1 when a copy is not repaired)
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const MARK = 'matchday: closed-connection repair';
/** The mark of the repair's second part (3 and 4 above): a copy without it is upgraded. */
export const MARK_2 = 'matchday: closed-connection repair 2';

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

/** The second part, on top of the first (so a copy repaired by the first is upgraded). */
const EDITS_2 = [
	[
		`    if (stream)
      return queryError(q, Errors.generic('COPY_IN_PROGRESS', 'You cannot execute queries during copy'))
`,
		`    // ${MARK_2}: the socket failed ('error' came, 'close' has not yet): closed too.
    if (socket.destroyed)
      return (queryError(q, Errors.connection('CONNECTION_CLOSED', options)), true)

    if (stream)
      return queryError(q, Errors.generic('COPY_IN_PROGRESS', 'You cannot execute queries during copy'))
`,
	],
	[
		`    socket.removeAllListeners()
    socket = null

    if (initial)
      return reconnect()
`,
		`    socket.removeAllListeners()
    socket = null

    // ${MARK_2}: every query of the session that ended fails with it, whether or not an
    // 'error' came first; none is left for the next session's start-up to resolve.
    const lost = Errors.connection('CONNECTION_CLOSED', options)
    query && queryError(query, lost)
    while (sent.length)
      queryError(sent.shift(), lost)
    query = results = errorResponse = null
    result = new Result()

    if (initial)
      return reconnect()
`,
	],
];

/** The transaction's part (index.js): statements after its connection closed are refused. */
const INDEX_EDITS = [
	[
		`    let savepoints = 0
      , connection
      , prepare = null
`,
		`    let savepoints = 0
      , connection
      , prepare = null
      , lost = null // ${MARK_2}
`,
	],
	[
		`        new Promise((_, reject) => connection.onclose = reject)
`,
		`        new Promise((_, reject) => connection.onclose = e => {
          // ${MARK_2}: the session is gone, and the transaction with it: refuse what is
          // queued and anything sent later, which would run on the next session, committed.
          lost = e
          while (queries.length)
            queries.shift().reject(e)
          reject(e)
        })
`,
	],
	[
		`        q.catch(e => uncaughtError || (uncaughtError = e))
        c.queue === full
`,
		`        q.catch(e => uncaughtError || (uncaughtError = e))
        if (lost) // ${MARK_2}
          return q.reject(lost)
        c.queue === full
`,
	],
];

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const DIRS = ['src', 'cjs/src', 'cf/src'];
const COPIES = DIRS.flatMap((dir) =>
	['connection.js', 'index.js'].map((file) => join(root, 'node_modules', 'postgres', dir, file)),
);

/** Applies `edits` in order, skipping one already applied; throws naming what did not match. */
function applyEdits(source, edits, file) {
	let out = source;
	for (const [from, to] of edits) {
		if (out.includes(to)) continue;
		const at = out.indexOf(from);
		if (at < 0 || out.indexOf(from, at + 1) >= 0)
			throw new Error(`postgres ${file} does not have the expected code:\n${from}`);
		out = out.slice(0, at) + to + out.slice(at + from.length);
	}
	return out;
}

/** The repaired text of one copy of connection.js, or an error naming what did not match. */
export function repair(source) {
	if (source.includes(MARK_2)) return source;
	return applyEdits(applyEdits(source, EDITS, 'connection.js'), EDITS_2, 'connection.js');
}

/** The repaired text of one copy of index.js (the transaction), likewise. */
export function repairIndex(source) {
	if (source.includes(MARK_2)) return source;
	return applyEdits(source, INDEX_EDITS, 'index.js');
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
		if (source.includes(MARK_2)) continue;
		if (check) {
			unrepaired++;
			console.error(`[patch-postgres] not repaired: ${file}`);
			continue;
		}
		try {
			writeFileSync(file, file.endsWith('index.js') ? repairIndex(source) : repair(source));
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
