import { asc, eq } from 'drizzle-orm';
import type { PlanUpdate } from '~/lib/cms/plans';
import { invalidateTags, PRICES_TAG } from '../cache/tags';
import { getDb } from '../db/client';
import { planPrices, plans, type PlanRow } from '../db/schema/payments';
import { writeAudit } from './audit';
import type { Actor } from './guard';

/**
 * Plans in the console (admins, `plans.edit`): each plan's prices per currency and the
 * payment methods it accepts. A price edit changes what new checkouts charge; a checkout
 * already open keeps its own amount, and a subscription keeps the price stored on it when it
 * was bought (payments/apply.ts), so no existing subscriber's charge moves.
 */

export interface ConsolePlan {
	id: string;
	kind: PlanRow['kind'];
	interval: PlanRow['interval'];
	listed: boolean;
	paymentMethods: string[];
	/** currency → amount in minor units; a currency absent is not sold. */
	prices: Record<string, number>;
}

export type PlanResult =
	| { ok: true; plan: ConsolePlan }
	| { ok: false; status: 400 | 404; error: string; message: string; fields?: string[] };

const notFound = {
	ok: false as const,
	status: 404 as const,
	error: 'not_found',
	message: 'No such plan',
};

/** Every plan in the pricing pages' order, with its prices. */
export async function listPlans(): Promise<ConsolePlan[]> {
	const db = await getDb();
	const rows = await db.select().from(plans).orderBy(asc(plans.position));
	const prices = await db.select().from(planPrices);
	return rows.map((p) => toConsole(p, prices));
}

export async function consolePlan(id: string): Promise<ConsolePlan | undefined> {
	return (await listPlans()).find((p) => p.id === id);
}

function toConsole(p: PlanRow, prices: { planId: string; currency: string; amount: number }[]) {
	const own: Record<string, number> = {};
	for (const r of prices) if (r.planId === p.id) own[r.currency] = r.amount;
	return {
		id: p.id,
		kind: p.kind,
		interval: p.interval,
		listed: p.listed,
		paymentMethods: [...p.paymentMethods],
		prices: own,
	};
}

/**
 * Replaces a plan's price list and payment methods, with a `plan.update` audit row (before
 * and after) in the same transaction. A paid plan must stay payable: one price and one
 * method at least. Cached pages that show prices are dropped after COMMIT.
 */
export async function updatePlan(actor: Actor, id: string, input: PlanUpdate): Promise<PlanResult> {
	const db = await getDb();
	const result = await db.transaction(async (tx): Promise<PlanResult> => {
		const [row] = await tx.select().from(plans).where(eq(plans.id, id)).for('update');
		if (!row) return notFound;
		const entries = Object.entries(input.prices) as [string, number][];
		if (row.kind !== 'free') {
			if (entries.length === 0)
				return bad('prices', 'a paid plan needs a price in one currency at least');
			if (input.paymentMethods.length === 0)
				return bad('paymentMethods', 'a paid plan needs one payment method at least');
		}
		const before = toConsole(
			row,
			await tx.select().from(planPrices).where(eq(planPrices.planId, id)),
		);
		await tx.delete(planPrices).where(eq(planPrices.planId, id));
		if (entries.length > 0)
			await tx
				.insert(planPrices)
				.values(entries.map(([currency, amount]) => ({ planId: id, currency, amount })));
		const [updated] = await tx
			.update(plans)
			.set({ paymentMethods: input.paymentMethods })
			.where(eq(plans.id, id))
			.returning();
		const after = toConsole(
			updated ?? row,
			await tx.select().from(planPrices).where(eq(planPrices.planId, id)),
		);
		await writeAudit(tx, {
			actor,
			action: 'plan.update',
			target: `plan:${id}`,
			before: { prices: before.prices, paymentMethods: before.paymentMethods },
			after: { prices: after.prices, paymentMethods: after.paymentMethods },
		});
		return { ok: true, plan: after };
	});
	// The pricing pages read the database on every request; the match pages (which show the
	// match pass's price) are cached for seconds and carry PRICES_TAG.
	if (result.ok) invalidateTags([PRICES_TAG]);
	return result;
}

function bad(field: string, problem: string): PlanResult {
	return {
		ok: false,
		status: 400,
		error: 'invalid_request',
		message: `Invalid field "${field}": ${problem}`,
		fields: [field],
	};
}
