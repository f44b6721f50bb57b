import { json } from '../auth/http';
import { type DealResult, dealJson } from './deals';
import type { PlanResult } from './plans';

/** The JSON answer of a plan or deal change: `{ data }`, or the error body with its status. */
export function planResponse(result: PlanResult, status = 200): Response {
	if (result.ok) return json(status, { data: result.plan });
	const { ok: _ok, status: code, ...body } = result;
	return json(code, body);
}

export function dealResponse(result: DealResult, status = 200): Response {
	if (result.ok) return json(status, { data: dealJson(result.deal) });
	const { ok: _ok, status: code, ...body } = result;
	return json(code, body);
}

/** 404 for a path segment that cannot be a plan id or deal code (never reaches the database). */
export function unknownResource(what: 'plan' | 'deal'): Response {
	return json(404, { error: 'not_found', message: `No such ${what}` });
}
