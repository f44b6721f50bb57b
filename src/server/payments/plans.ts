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
	planId: string;
	percentOff: number;
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
	if (row.expiresAt && row.expiresAt.getTime() <= now()) return undefined;
	if (row.maxUses !== null && row.uses >= row.maxUses) return undefined;
	return { code: row.code, planId: row.planId, percentOff: row.percentOff };
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
		.filter((p) => kinds.includes(p.kind) && (p.listed || deal?.planId === p.id))
		.map((p) => {
			const listPrices: Record<string, number> = {};
			for (const r of priceRows) if (r.planId === p.id) listPrices[r.currency] = r.amount;
			const off = deal?.planId === p.id ? deal.percentOff : 0;
			const prices = Object.fromEntries(
				Object.entries(listPrices).map(([c, a]) => [c, discounted(a, off)]),
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
	return deal?.planId === planId ? discounted(row.amount, deal.percentOff) : row.amount;
}
