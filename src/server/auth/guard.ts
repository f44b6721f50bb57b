import { isCrossSite, json, unauthorized } from './http';
import type { SessionKind } from './sessions';
import type { PublicUser } from './users';

export interface Caller {
	user: PublicUser;
	session: { id: string; kind: SessionKind };
}

/**
 * For endpoints that need a logged-in caller: 401 without one; 403 for a state-changing
 * request that rides on cookies from another site (a Bearer header cannot be forged by one).
 */
export function requireCaller(
	request: Request,
	locals: { user: PublicUser | null; session: Caller['session'] | null; origin: string },
): Caller | Response {
	if (!locals.user || !locals.session) return unauthorized();
	const safe = request.method === 'GET' || request.method === 'HEAD';
	if (!safe && !request.headers.has('authorization') && isCrossSite(request, locals.origin)) {
		return json(403, { error: 'forbidden', message: 'Cross-site request' });
	}
	return { user: locals.user, session: locals.session };
}
