import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { IDEMPOTENCY_KEY } from '~/lib/idempotency';
import { getDb, type Database } from '../db/client';
import { rowsOf } from '../db/rows';

/**
 * Idempotent writes (issue 28): the console's scoring and fixture writes and the members'
 * payment writes (checkout, cancel, reminder). The client sends one `Idempotency-Key` per
 * intent (a click, a form as rendered) and the same key on every retry of it
 * (src/lib/idempotency.ts). The first answer is stored under (user, key); a repeat gets that
 * status and body again and writes nothing, so a response lost on the way back can never
 * turn into a second goal or a second charge. A request without a key is answered as before
 * (API clients that do not retry).
 *
 * The table is still called `cms_idempotency_keys` (migration 0015, when only the console
 * used it): it now serves payments too, keyed by the user whoever they are; renaming it
 * would need a migration and buys nothing.
 */

/** At least this long a key answers with its first result (rows go some time after). */
export const IDEMPOTENCY_TTL_HOURS = 24;

/** One write's claim on a key: who, the key, and what request it stands for. */
export interface IdempotencyClaim {
	userId: string;
	key: string;
	/** Method, path and a hash of the parsed body: the same key on another request is refused. */
	request: string;
}

export interface StoredAnswer {
	status: number;
	/** The JSON body as sent (a repeat gets the same bytes); for a redirect, its Location. */
	body: Record<string, unknown> | string;
}

/**
 * The headers of an answer given under a key: JSON that no cache may keep (the answers are
 * personal), as auth/http.ts `json()` gives them; built here so this shared piece depends
 * on no feature.
 */
function answerHeaders(extra: Record<string, string> = {}): Headers {
	return new Headers({
		'Content-Type': 'application/json; charset=utf-8',
		'Cache-Control': 'no-store',
		Pragma: 'no-cache',
		...extra,
	});
}

const json = (status: number, body: unknown) =>
	new Response(JSON.stringify(body), { status, headers: answerHeaders() });

const bodyText = (body: StoredAnswer['body']) =>
	typeof body === 'string' ? body : JSON.stringify(body);

const isRedirect = (status: number) => status >= 300 && status < 400;

export type ClaimResult =
	| { ok: true; claim: IdempotencyClaim | null }
	| { ok: false; response: Response };

/**
 * The claim a request makes, null without a key, or 400 naming the header. `key` is the
 * header's unless given (a plain form sends it as a hidden field); `body` is the parsed
 * request without the key.
 */
export function readClaim(
	request: Request,
	user: { id: string },
	body: unknown,
	key: string | null = request.headers.get('idempotency-key'),
): ClaimResult {
	if (key === null) return { ok: true, claim: null };
	if (!IDEMPOTENCY_KEY.test(key))
		return {
			ok: false,
			response: json(400, {
				error: 'invalid_request',
				message:
					'Invalid header "Idempotency-Key": 8 to 100 letters, digits, dots, colons, dashes or underscores',
				fields: ['Idempotency-Key'],
			}),
		};
	const hash = createHash('sha256')
		.update(JSON.stringify(body ?? {}))
		.digest('base64url');
	return {
		ok: true,
		claim: {
			userId: user.id,
			key,
			request: `${request.method} ${new URL(request.url).pathname} ${hash}`,
		},
	};
}

/**
 * Stores the first answer under the claim, inside the caller's transaction (the write's, so
 * both commit or neither). A concurrent first use of the same key fails the primary key and
 * rolls the write back; the caller then answers with the stored one (`answerOf`).
 */
export async function storeAnswer(
	tx: Pick<Database, 'execute'>,
	claim: IdempotencyClaim,
	answer: StoredAnswer,
): Promise<void> {
	await tx.execute(sql`INSERT INTO cms_idempotency_keys (user_id, key, request, status, body)
		VALUES (${claim.userId}, ${claim.key}, ${claim.request}, ${answer.status}, ${bodyText(answer.body)})`);
	// Old keys go a little at a time with the writes that make new ones: no job to run.
	if (Math.random() < 0.02)
		await tx.execute(sql`DELETE FROM cms_idempotency_keys
			WHERE created_at < now() - make_interval(hours => ${IDEMPOTENCY_TTL_HOURS * 2})`);
}

/**
 * Stores an answer outside any transaction (a refusal, which wrote nothing; or a write that
 * is not all ours to roll back). True when it is now the first answer, false when another
 * was stored first (which stays).
 */
export async function storeFirst(claim: IdempotencyClaim, answer: StoredAnswer): Promise<boolean> {
	const db = await getDb();
	const inserted = rowsOf(
		await db.execute(sql`INSERT INTO cms_idempotency_keys (user_id, key, request, status, body)
		VALUES (${claim.userId}, ${claim.key}, ${claim.request}, ${answer.status}, ${bodyText(answer.body)})
		ON CONFLICT DO NOTHING RETURNING key`),
	);
	return inserted.length > 0;
}

/** The answer stored under this claim's key, 'reused' when it was for another request, or null. */
async function storedAnswer(claim: IdempotencyClaim): Promise<StoredAnswer | 'reused' | null> {
	const db = await getDb();
	const [row] = rowsOf<{ request: string; status: number; body: string }>(
		await db.execute(sql`SELECT request, status, body FROM cms_idempotency_keys
			WHERE user_id = ${claim.userId} AND key = ${claim.key}
			AND created_at > now() - make_interval(hours => ${IDEMPOTENCY_TTL_HOURS * 2})`),
	);
	if (!row) return null;
	if (row.request !== claim.request) return 'reused';
	return { status: Number(row.status), body: row.body };
}

const keyReused = () =>
	json(422, {
		error: 'idempotency_key_reused',
		message: 'This Idempotency-Key was used for another request; send a new key',
	});

/**
 * The answer already given under this claim's key: its status and body (marked with the
 * `Idempotent-Replayed` header), 422 when the key was used for another request, or null.
 */
export async function answerOf(claim: IdempotencyClaim): Promise<Response | null> {
	const stored = await storedAnswer(claim);
	if (stored === null) return null;
	if (stored === 'reused') return keyReused();
	// The headers of any JSON answer, the body byte for byte as first sent.
	const headers = answerHeaders({ 'Idempotent-Replayed': 'true' });
	if (isRedirect(stored.status)) {
		headers.delete('Content-Type');
		headers.set('Location', String(stored.body));
		return new Response(null, { status: stored.status, headers });
	}
	return new Response(String(stored.body), { status: stored.status, headers });
}

/**
 * Whether an answer is a result to keep: not a server failure, and not "try again later"
 * (a `Retry-After`: rate limits, a checkout another request is still opening), which would
 * otherwise hold the key to a refusal that no longer applies.
 */
const keepable = (response: Response) =>
	response.status < 500 && !response.headers.has('Retry-After');

async function answerToStore(response: Response): Promise<StoredAnswer> {
	return {
		status: response.status,
		body: isRedirect(response.status)
			? (response.headers.get('Location') ?? '')
			: await response.clone().text(),
	};
}

/**
 * Runs one write under a claim: an answer already stored is given again without running it.
 * Otherwise `run` writes, and what is kept depends on `keep`:
 * - 'refusals' (the console): `run` stores its success through `storeAnswer` in its own
 *   transaction; a refusal (4xx, nothing written) is stored after;
 * - 'all' (payments): the write is not all in a transaction of ours (a provider is called on
 *   the way), so whatever it answers is stored after it ran (a redirect keeps its Location).
 *   Such a write must tolerate a concurrent twin (one open checkout per user and plan, a
 *   cancel that is already a cancel): two first uses of a key at once both run.
 * Either way, when a concurrent first use of the key stored its answer first (or made this
 * one fail: the primary key, a version it moved on), that answer is given.
 */
export async function idempotent(
	claim: IdempotencyClaim | null,
	run: () => Promise<Response>,
	keep: 'refusals' | 'all' = 'refusals',
): Promise<Response> {
	if (!claim) return run();
	const prior = await answerOf(claim);
	if (prior) return prior;
	let response: Response;
	try {
		response = await run();
	} catch (error) {
		const stored = await answerOf(claim);
		if (stored) return stored;
		throw error;
	}
	const refusal = response.status >= 400 && response.status < 500;
	if (!keepable(response) || (keep === 'refusals' && !refusal)) return response;
	if (await storeFirst(claim, await answerToStore(response))) return response;
	return (await answerOf(claim)) ?? response;
}

/** `idempotent` keeping every answer, for writes that call a payment provider. */
export const idempotentAfter = (claim: IdempotencyClaim | null, run: () => Promise<Response>) =>
	idempotent(claim, run, 'all');

/**
 * For a write whose answer is a pure function of its request (a cookie set from the form):
 * a repeat runs it again, which gives the same status and body and, unlike a stored copy,
 * the cookie too. The key is still recorded, so it cannot stand for another request (422).
 */
export async function idempotentPure(
	claim: IdempotencyClaim | null,
	run: () => Promise<Response>,
): Promise<Response> {
	if (!claim) return run();
	const prior = await storedAnswer(claim);
	if (prior === 'reused') return keyReused();
	const response = await run();
	if (prior === null && keepable(response)) await storeFirst(claim, await answerToStore(response));
	return response;
}
