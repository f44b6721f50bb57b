import { json } from '../auth/http';
import type { Failure, Result } from './fixtures';

/** The answer to a fixtures call: `{ data }` with `status`, or the failure's own code and body. */
export function fixturesResponse<T extends object>(result: Result<T>, status = 200): Response {
	if (result.ok) {
		const { ok: _ok, ...data } = result;
		return json(status, { data });
	}
	const { ok: _ok, status: code, ...body } = result as Failure;
	return json(code, body);
}

/** 400 naming the query parameter that failed. */
export function badQuery(issues: { path: PropertyKey[] }[]): Response {
	const field = String(issues[0]?.path[0] ?? 'query');
	return json(400, {
		error: 'invalid_request',
		message: `Invalid field "${field}"`,
		fields: [field],
	});
}
