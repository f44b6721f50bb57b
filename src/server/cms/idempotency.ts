import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { json } from '../auth/http';
import { getDb } from '../db/client';
import { rowsOf } from '../db/rows';
import type { Queryable } from '../live/log';
import type { Actor } from './guard';

/**
 * Idempotent console writes (issue 28). The console sends one `Idempotency-Key` per intent
 * (a click) and the same key on every retry of it. The first answer is stored under
 * (user, key) in the write's own transaction; a repeat gets that status and body again and
 * writes nothing, so a response lost on the way back can never turn into a second goal.
 * A request without the header is answered as before (API clients that do not retry).
 */

/** At least this long a key answers with its first result (rows go some time after). */
export const IDEMPOTENCY_TTL_HOURS = 24;
const KEY = /^[A-Za-z0-9_.:-]{8,100}$/;

/** One write's claim on a key: who, the key, and what request it stands for. */
export interface IdempotencyClaim {
	userId: string;
	key: string;
	/** Method, path and a hash of the parsed body: the same key on another request is refused. */
	request: string;
}

export interface StoredAnswer {
	status: number;
	/** The JSON body as sent: a repeat gets the same bytes. */
	body: Record<string, unknown> | string;
}

const bodyText = (body: StoredAnswer['body']) =>
	typeof body === 'string' ? body : JSON.stringify(body);

export type ClaimResult =
	| { ok: true; claim: IdempotencyClaim | null }
	| { ok: false; response: Response };

/** The claim a request makes, null without the header, or 400 naming the header. */
export function readClaim(request: Request, actor: Actor, body: unknown): ClaimResult {
	const key = request.headers.get('idempotency-key');
	if (key === null) return { ok: true, claim: null };
	if (!KEY.test(key))
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
			userId: actor.id,
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
	tx: Queryable,
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

/** Stores a refusal (nothing was written, so no transaction to share); a first answer stays. */
export async function storeRefusal(claim: IdempotencyClaim, answer: StoredAnswer): Promise<void> {
	const db = await getDb();
	await db.execute(sql`INSERT INTO cms_idempotency_keys (user_id, key, request, status, body)
		VALUES (${claim.userId}, ${claim.key}, ${claim.request}, ${answer.status}, ${bodyText(answer.body)})
		ON CONFLICT DO NOTHING`);
}

/**
 * The answer already given under this claim's key: its status and body (marked with the
 * `Idempotent-Replayed` header), 422 when the key was used for another request, or null.
 */
export async function answerOf(claim: IdempotencyClaim): Promise<Response | null> {
	const db = await getDb();
	const [row] = rowsOf<{ request: string; status: number; body: string }>(
		await db.execute(sql`SELECT request, status, body FROM cms_idempotency_keys
			WHERE user_id = ${claim.userId} AND key = ${claim.key}
			AND created_at > now() - make_interval(hours => ${IDEMPOTENCY_TTL_HOURS * 2})`),
	);
	if (!row) return null;
	if (row.request !== claim.request)
		return json(422, {
			error: 'idempotency_key_reused',
			message: 'This Idempotency-Key was used for another request; send a new key',
		});
	// The headers of any JSON answer (json()), the body byte for byte as first sent.
	const { headers } = json(200, null, [], { 'Idempotent-Replayed': 'true' });
	return new Response(row.body, { status: Number(row.status), headers });
}

/**
 * Runs one write under a claim: an answer already stored is given again without running it;
 * otherwise `run` writes (storing its success through `storeAnswer` in its transaction) and
 * a refusal (4xx, nothing written) is stored after. A failure caused by a concurrent first
 * use of the key (the primary key, or a version the first one moved on) gives that one's answer.
 */
export async function idempotent(
	claim: IdempotencyClaim | null,
	run: () => Promise<Response>,
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
	if (response.status >= 400 && response.status < 500) {
		const stored = await answerOf(claim);
		if (stored) return stored;
		await storeRefusal(claim, { status: response.status, body: await response.clone().text() });
	}
	return response;
}
