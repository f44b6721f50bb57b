import { bearerToken } from '../auth/authenticate';
import { isCrossSite, json } from '../auth/http';
import type { PublicUser } from '../auth/users';
import { type CmsAction, can, isStaff } from '~/lib/cms/roles';

/** Who is making a console change: the audit log's "who". */
export interface Actor {
	id: string;
	email: string;
	scope: string[];
}

export type ActorResult = { ok: true; actor: Actor } | { ok: false; response: Response };

interface RequestLocals {
	origin: string;
	user: PublicUser | null;
	session: { id: string; kind: string } | null;
	cms: { user: PublicUser; session: { id: string; kind: string } } | null;
}

export function forbidden(message = 'Your role does not allow this'): Response {
	return json(403, { error: 'forbidden', message });
}

/**
 * The staff member behind an `/api/cms/*` call: a CMS access token in the Bearer header
 * (a site token is refused with 403: a fan login never grants the console), else the `cms`
 * cookies, which only count for a same-site request (CSRF; checklist E4). The scope is
 * checked here on the server for every call; `action` is the role rule the call needs
 * beyond being staff (match rules are checked with the match, see scoring.ts).
 */
export function staffActor(
	request: Request,
	locals: RequestLocals,
	action: CmsAction = 'console.open',
): ActorResult {
	let user: PublicUser | null;
	if (bearerToken(request.headers.get('authorization'))) {
		if (!locals.user || !locals.session)
			return {
				ok: false,
				response: json(401, { error: 'unauthorized', message: 'Invalid token' }),
			};
		if (locals.session.kind !== 'cms')
			return { ok: false, response: forbidden('A console token is required') };
		user = locals.user;
	} else {
		if (request.method !== 'GET' && isCrossSite(request, locals.origin))
			return { ok: false, response: forbidden('Cross-site request') };
		user = locals.cms?.user ?? null;
		if (!user)
			return {
				ok: false,
				response: json(401, { error: 'unauthorized', message: 'Authentication required' }),
			};
	}
	if (!isStaff(user.scope) || !can(user.scope, action)) return { ok: false, response: forbidden() };
	return { ok: true, actor: { id: user.id, email: user.email, scope: user.scope } };
}
