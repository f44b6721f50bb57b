import { and, asc, eq } from 'drizzle-orm';
import { getDb } from '../db/client';
import { deals, planPrices, plans, type PlanRow } from '../db/schema/payments';
import { paymentsNow as now } from '../clock';
import { discounted } from './money';

export interface PlanWithPrices extends PlanRow {
	/** currency → amount in minor units, after the deal's discount if one applies. */
	prices: Record<string, number>;
	/** Prices before the discount (equal to `prices` without a deal). */
	listPrices: Record<string, number>;
}

export interface DealInfo {
	code: string;
	/** The first (or only) plan of the deal: the one the pricing form preselects. */
	planId: string;
	/** Every plan the deal applies to. */
	planIds: string[];
	percentOff: number;
	/** Fixed prices per currency instead of the percentage, or null. */
	fixedPrices: Record<string, number> | null;
}

/** Does the deal apply to this plan? */
export function dealCovers(deal: DealInfo | undefined, planId: string): deal is DealInfo {
	return deal?.planIds.includes(planId) === true;
}

/**
 * A plan's price in a currency under a deal: the fixed price when the deal has one for that
 * currency (never above the list price), else the list price less the percentage.
 */
export function dealPrice(
	list: number,
	currency: string,
	planId: string,
	deal: DealInfo | undefined,
): number {
	if (!dealCovers(deal, planId)) return list;
	if (deal.fixedPrices) {
		const fixed = deal.fixedPrices[currency];
		return fixed === undefined ? list : Math.min(fixed, list);
	}
	return discounted(list, deal.percentOff);
}

/**
 * A deal code that is usable now: known, not expired and not used up. Codes compare
 * upper-cased; anything else is simply "no deal".
 */
export async function usableDeal(code: string | undefined | null): Promise<DealInfo | undefined> {
	if (!code || !/^[A-Za-z0-9_-]{1,40}$/.test(code)) return undefined;
	const db = await getDb();
	const [row] = await db.select().from(deals).where(eq(deals.code, code.toUpperCase()));
	if (!row) return undefined;
	if (row.endedAt && row.endedAt.getTime() <= now()) return undefined;
	if (row.expiresAt && row.expiresAt.getTime() <= now()) return undefined;
	if (row.maxUses !== null && row.uses >= row.maxUses) return undefined;
	const planIds = row.planIds?.length ? row.planIds : [row.planId];
	return {
		code: row.code,
		planId: planIds[0] ?? row.planId,
		planIds,
		percentOff: row.percentOff,
		fixedPrices: row.fixedPrices ?? null,
	};
}

/**
 * Plans to show: the listed ones of the given kinds, plus the hidden plan a deal unlocks.
 * Prices come from the database only.
 */
export async function plansForSale(
	kinds: PlanRow['kind'][],
	deal?: DealInfo,
): Promise<PlanWithPrices[]> {
	const db = await getDb();
	const rows = await db.select().from(plans).orderBy(asc(plans.position));
	const priceRows = await db.select().from(planPrices);
	return rows
		.filter((p) => kinds.includes(p.kind) && (p.listed || dealCovers(deal, p.id)))
		.map((p) => {
			const listPrices: Record<string, number> = {};
			for (const r of priceRows) if (r.planId === p.id) listPrices[r.currency] = r.amount;
			const prices = Object.fromEntries(
				Object.entries(listPrices).map(([c, a]) => [c, dealPrice(a, c, p.id, deal)]),
			);
			return { ...p, prices, listPrices };
		});
}

export async function getPlan(id: string): Promise<PlanRow | undefined> {
	const db = await getDb();
	const [row] = await db.select().from(plans).where(eq(plans.id, id));
	return row;
}

/** The server's price for a plan in a currency (minor units), or undefined if not sold so. */
export async function priceOf(
	planId: string,
	currency: string,
	deal?: DealInfo,
): Promise<number | undefined> {
	const db = await getDb();
	const [row] = await db
		.select()
		.from(planPrices)
		.where(and(eq(planPrices.planId, planId), eq(planPrices.currency, currency)));
	if (!row) return undefined;
	return dealPrice(row.amount, currency, planId, deal);
}
