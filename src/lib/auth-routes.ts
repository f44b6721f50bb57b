import { stripLocale } from './locale-resolution';
import { PAGE_ROOTS } from './routes';

/**
 * Who may open a page:
 * - `public`: anyone;
 * - `guest`: only visitors who are not logged in (login, register); others go home;
 * - `protected`: logged-in users; others go to `/{locale}/login?redirect={path}`;
 * - `cms` / `cms-guest`: the same for the editors' area, which needs a staff role.
 */
export type RouteAccess = 'public' | 'guest' | 'protected' | 'cms' | 'cms-guest';

/** Page roots that need a login. Everything else the site serves is public content. */
const PROTECTED_ROOTS = new Set(['account', 'payment']);
const GUEST_ROOTS = new Set(['login', 'register']);

/**
 * The access rule of a localised page path (`/de/account/...`). Paths that are not pages
 * (API, assets, unknown roots that will 404) are `public` here; endpoints check for
 * themselves.
 */
export function routeAccess(pathname: string): RouteAccess {
	const rest = stripLocale(pathname);
	const segments = rest.split('/').filter(Boolean);
	const first = segments[0] ?? '';
	if (first === 'cms')
		return segments[1] === 'login' && segments.length === 2 ? 'cms-guest' : 'cms';
	if (!PAGE_ROOTS.has(first)) return 'public';
	if (GUEST_ROOTS.has(first)) return 'guest';
	if (PROTECTED_ROOTS.has(first)) return 'protected';
	return 'public';
}
