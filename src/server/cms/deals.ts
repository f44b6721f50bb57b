import { and, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import { type DealCreate, type DealState, dealState, expiryProblem } from '~/lib/cms/plans';
import { paymentsNow as now } from '../clock';
import { getDb } from '../db/client';
import { checkouts, deals, plans } from '../db/schema/payments';
import { generateDealCode } from '../payments/deal-codes';
import { writeAudit } from './audit';
import type { Actor } from './guard';

/**
 * Hidden deals in the console (admins, `plans.edit`): a random code (100 bits, deal-codes.ts)
 * that also works as a link (`/{locale}/pricing?deal=CODE`), for one or more plans, a
 * percentage off or fixed prices, an expiry and an optional use limit. A deal is never
 * deleted (checkouts point at it); ending one early stamps `ended_at`.
 */

export interface ConsoleDeal {
	code: string;
	planIds: string[];
	percentOff: number;
	fixedPrices: Record<string, number> | null;
	expiresAt: Date | null;
	maxUses: number | null;
	/** Paid checkouts that used the code. */
	uses: number;
	createdAt: Date | null;
	endedAt: Date | null;
	state: DealState;
}

export type DealResult =
	| { ok: true; deal: ConsoleDeal }
	| { ok: false; status: 400 | 404 | 409; error: string; message: string; fields?: string[] };

/** Codes as the API and the form receive them: the generated alphabet, dashes, ≤ 40. */
export function parseDealCode(raw: string | null | undefined): string | null {
	const code = raw?.trim().toUpperCase();
	return code && /^[A-Z0-9_-]{1,40}$/.test(code) ? code : null;
}

/** Every deal, newest first, with its use count (paid checkouts). */
export async function listDeals(): Promise<ConsoleDeal[]> {
	const db = await getDb();
	const rows = await db
		.select()
		.from(deals)
		.orderBy(sql`${deals.createdAt} DESC NULLS LAST`, deals.code);
	const used = await paidUses(rows.map((r) => r.code));
	const at = now();
	return rows.map((r) => toConsole(r, used.get(r.code) ?? 0, at));
}

export async function consoleDeal(code: string): Promise<ConsoleDeal | undefined> {
	const db = await getDb();
	const [row] = await db.select().from(deals).where(eq(deals.code, code));
	if (!row) return undefined;
	const used = await paidUses([code]);
	return toConsole(row, used.get(code) ?? 0, now());
}

async function paidUses(codes: string[]): Promise<Map<string, number>> {
	if (codes.length === 0) return new Map();
	const db = await getDb();
	const rows = await db
		.select({ code: checkouts.dealCode, n: count() })
		.from(checkouts)
		.where(and(inArray(checkouts.dealCode, codes), eq(checkouts.status, 'paid')))
		.groupBy(checkouts.dealCode);
	return new Map(rows.map((r) => [r.code ?? '', Number(r.n)]));
}

type DealRow = typeof deals.$inferSelect;

function toConsole(r: DealRow, paid: number, at: number): ConsoleDeal {
	return {
		code: r.code,
		planIds: r.planIds?.length ? [...r.planIds] : [r.planId],
		percentOff: r.percentOff,
		fixedPrices: r.fixedPrices ?? null,
		expiresAt: r.expiresAt,
		maxUses: r.maxUses,
		uses: paid,
		createdAt: r.createdAt,
		endedAt: r.endedAt,
		// The limit counts the row's counter (bumped in the payment's transaction).
		state: dealState(r, at),
	};
}

function bad(field: string, problem: string): DealResult {
	return {
		ok: false,
		status: 400,
		error: 'invalid_request',
		message: `Invalid field "${field}": ${problem}`,
		fields: [field],
	};
}

/** Creates a deal with a fresh random code and its `deal.create` audit row, in one transaction. */
export async function createDeal(actor: Actor, input: DealCreate): Promise<DealResult> {
	const at = now();
	const expiresAt = new Date(input.expiresAt);
	const problem = expiryProblem(expiresAt, at);
	if (problem) return bad('expiresAt', problem);
	const db = await getDb();
	const known = await db
		.select({ id: plans.id, kind: plans.kind })
		.from(plans)
		.where(inArray(plans.id, input.planIds));
	const missing = input.planIds.find((id) => !known.some((p) => p.id === id && p.kind !== 'free'));
	if (missing) return bad('planIds', `"${missing}" is not a paid plan`);
	const fixed = input.kind === 'fixed' ? (input.fixedPrices as Record<string, number>) : null;
	const values = {
		code: generateDealCode(),
		planId: input.planIds[0] as string,
		planIds: input.planIds,
		percentOff: input.kind === 'percent' ? (input.percentOff ?? 0) : 0,
		fixedPrices: fixed,
		expiresAt,
		maxUses: input.maxUses ?? null,
		createdAt: new Date(at),
	};
	const row = await db.transaction(async (tx) => {
		const [inserted] = await tx.insert(deals).values(values).returning();
		await writeAudit(tx, {
			actor,
			action: 'deal.create',
			target: `deal:${values.code}`,
			after: {
				planIds: values.planIds,
				percentOff: values.percentOff,
				fixedPrices: values.fixedPrices,
				expiresAt: expiresAt.toISOString(),
				maxUses: values.maxUses,
				...(input.note ? { note: input.note } : {}),
			},
		});
		return inserted;
	});
	if (!row) throw new Error('deal insert returned no row');
	return { ok: true, deal: toConsole(row, 0, at) };
}

/** Ends a deal now (409 when it already ended), with its `deal.end` audit row. */
export async function endDeal(actor: Actor, code: string): Promise<DealResult> {
	const db = await getDb();
	const at = now();
	const result = await db.transaction(async (tx): Promise<DealResult> => {
		const [row] = await tx.select().from(deals).where(eq(deals.code, code)).for('update');
		if (!row) return { ok: false, status: 404, error: 'not_found', message: 'No such deal' };
		const [ended] = await tx
			.update(deals)
			.set({ endedAt: new Date(at) })
			.where(and(eq(deals.code, code), isNull(deals.endedAt)))
			.returning();
		if (!ended)
			return {
				ok: false,
				status: 409,
				error: 'already_ended',
				message: 'The deal has ended already',
			};
		await writeAudit(tx, {
			actor,
			action: 'deal.end',
			target: `deal:${code}`,
			before: { state: dealState(row, at), expiresAt: row.expiresAt?.toISOString() ?? null },
			after: { state: 'ended', endedAt: new Date(at).toISOString() },
		});
		return { ok: true, deal: toConsole(ended, 0, at) };
	});
	if (!result.ok) return result;
	return { ok: true, deal: (await consoleDeal(code)) ?? result.deal };
}

/** A deal as JSON for the API (dates as ISO strings). */
export function dealJson(d: ConsoleDeal) {
	return {
		...d,
		expiresAt: d.expiresAt?.toISOString() ?? null,
		createdAt: d.createdAt?.toISOString() ?? null,
		endedAt: d.endedAt?.toISOString() ?? null,
	};
}
