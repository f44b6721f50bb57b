import { dealCreateBody, issueField, PAYMENT_METHODS, planUpdateBody } from '~/lib/cms/plans';
import { CURRENCIES } from '../payments/money';
import { createDeal, endDeal, parseDealCode } from './deals';
import type { Actor } from './guard';
import { updatePlan } from './plans';

/**
 * The plans and deals pages' form posts (same-site only: Astro's checkOrigin), turned into
 * the API's bodies so both go through the same zod rules and the same audited functions.
 */

export type ConsoleFormResult =
	| { ok: true; intent: 'plan' | 'create' | 'end'; subject: string }
	| { ok: false; status: number; field: string; message: string };

/** `price_EUR` etc.: an empty box means "not sold in this currency" (or "no fixed price"). */
function pricesFrom(form: FormData, prefix: string): Record<string, unknown> {
	const out: Record<string, unknown> = {};
	for (const c of CURRENCIES) {
		const raw = String(form.get(`${prefix}_${c}`) ?? '').trim();
		if (raw !== '') out[c] = /^\d+$/.test(raw) ? Number(raw) : raw;
	}
	return out;
}

const fail = (field: string, message: string, status = 400): ConsoleFormResult => ({
	ok: false,
	status,
	field,
	message,
});

/** The plans page: one plan's prices (minor units) and payment methods. */
export async function planFromConsole(form: FormData, actor: Actor): Promise<ConsoleFormResult> {
	const id = String(form.get('plan') ?? '');
	if (!/^[a-z0-9-]{1,60}$/.test(id)) return fail('plan', 'must be a plan id');
	const methods = form.getAll('methods').map(String);
	const parsed = planUpdateBody.safeParse({
		prices: pricesFrom(form, 'price'),
		paymentMethods: methods.filter((m) => (PAYMENT_METHODS as readonly string[]).includes(m)),
	});
	if (!parsed.success) {
		const issue = parsed.error.issues[0];
		return fail(issueField(issue, 'prices'), issue?.message ?? 'invalid');
	}
	const result = await updatePlan(actor, id, parsed.data);
	if (!result.ok) return fail(result.fields?.[0] ?? 'plan', result.message, result.status);
	return { ok: true, intent: 'plan', subject: id };
}

/**
 * The deals page: create (plans ticked, percent or fixed prices, last day, limit) or end.
 * The form's last day (YYYY-MM-DD) runs to the end of that day, UTC.
 */
export async function dealFromConsole(form: FormData, actor: Actor): Promise<ConsoleFormResult> {
	if (form.get('intent') === 'end') {
		const code = parseDealCode(String(form.get('code') ?? ''));
		if (!code) return fail('code', 'must be a deal code');
		const ended = await endDeal(actor, code);
		return ended.ok
			? { ok: true, intent: 'end', subject: code }
			: fail('code', ended.message, ended.status);
	}
	const until = String(form.get('until') ?? '');
	if (!/^\d{4}-\d{2}-\d{2}$/.test(until) || Number.isNaN(Date.parse(`${until}T00:00:00Z`)))
		return fail('until', 'must be a date');
	const expiresAt = new Date(Date.parse(`${until}T00:00:00Z`) + 86_400_000 - 1000).toISOString();
	const kind = form.get('kind') === 'fixed' ? 'fixed' : 'percent';
	const number = (name: string) => {
		const raw = String(form.get(name) ?? '').trim();
		if (raw === '') return undefined;
		return /^\d+$/.test(raw) ? Number(raw) : Number.NaN;
	};
	const parsed = dealCreateBody.safeParse({
		planIds: form.getAll('plans').map(String),
		kind,
		percentOff: kind === 'percent' ? number('percentOff') : undefined,
		fixedPrices: kind === 'fixed' ? pricesFrom(form, 'fixed') : undefined,
		expiresAt,
		maxUses: number('maxUses') ?? null,
		note: String(form.get('note') ?? '') || undefined,
	});
	if (!parsed.success) {
		const issue = parsed.error.issues[0];
		return fail(issueField(issue, 'plans'), issue?.message ?? 'invalid');
	}
	const created = await createDeal(actor, parsed.data);
	if (!created.ok) return fail(created.fields?.[0] ?? 'plans', created.message, created.status);
	return { ok: true, intent: 'create', subject: created.deal.code };
}
