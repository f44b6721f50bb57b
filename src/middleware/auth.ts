import { defineMiddleware } from 'astro:middleware';
import { routeAccess } from '../lib/auth-routes';
import { isEmbedPath } from '../lib/embed';
import { safeRedirect } from '../lib/safe-redirect';
import { resolveRequestAuth } from '../server/auth/request-auth';
import { isStaff } from '../lib/cms/roles';

function redirect(location: string, setCookies: string[]): Response {
	const headers = new Headers({ Location: location, 'Cache-Control': 'no-store' });
	for (const cookie of setCookies) headers.append('Set-Cookie', cookie);
	return new Response(null, { status: 302, headers });
}

/**
 * Who is there (Bearer header or `auth.` cookies; a page load renews an expired access
 * token from the refresh cookie), and the page guard: guest-only pages send logged-in
 * visitors home, protected pages send others to the login page with the path remembered.
 * Pages that show who is logged in are never cached by browsers or proxies (private,
 * no-store); the member cache after this middleware keeps them in the server only.
 */
export const auth = defineMiddleware(async (context, next) => {
	const { pathname, search } = context.url;
	// A widget framed on another site reads no session and sets no cookie: it is the same
	// public page for everyone (and served from the route cache).
	if (isEmbedPath(pathname)) {
		context.locals.user = null;
		context.locals.session = null;
		context.locals.cms = null;
		return next();
	}
	const isApi = pathname.startsWith('/api/');
	const access = isApi ? 'public' : routeAccess(pathname);
	const resolved = await resolveRequestAuth({
		authorization: context.request.headers.get('authorization'),
		cookieHeader: context.request.headers.get('cookie'),
		mayRefresh: !isApi && context.request.method === 'GET',
		wantsCms:
			access === 'cms' ||
			access === 'cms-guest' ||
			pathname.startsWith('/api/admin/') ||
			pathname.startsWith('/api/cms/') ||
			// A console preview of a stream (src/server/streams/signing.ts previewUrl).
			(pathname.startsWith('/media/') && context.url.searchParams.get('preview') === '1'),
	});
	context.locals.user = resolved.web?.user ?? null;
	context.locals.session = resolved.web?.session ?? null;
	context.locals.cms = resolved.cms
		? { user: resolved.cms.user, session: resolved.cms.session }
		: null;

	const { locale } = context.locals;
	const here = pathname + search;
	if (access === 'protected' && !resolved.web) {
		return redirect(`/${locale}/login?redirect=${encodeURIComponent(here)}`, resolved.setCookies);
	}
	if (access === 'cms' && !isStaff(resolved.cms?.user.scope ?? [])) {
		return redirect(
			`/${locale}/cms/login?redirect=${encodeURIComponent(here)}`,
			resolved.setCookies,
		);
	}
	if (access === 'guest' && resolved.web && context.request.method === 'GET') {
		return redirect(`/${locale}`, resolved.setCookies);
	}
	if (access === 'cms-guest' && resolved.cms && context.request.method === 'GET') {
		return redirect(
			safeRedirect(context.url.searchParams.get('redirect'), `/${locale}/cms`),
			resolved.setCookies,
		);
	}

	const response = await next();
	if (resolved.setCookies.length === 0 && !resolved.web && !resolved.cms) return response;
	let out = response;
	try {
		for (const cookie of resolved.setCookies) out.headers.append('Set-Cookie', cookie);
		if (!isApi) out.headers.set('Cache-Control', 'private, no-store');
	} catch {
		// Immutable headers (Response.redirect and the like): copy once.
		out = new Response(response.body, response);
		for (const cookie of resolved.setCookies) out.headers.append('Set-Cookie', cookie);
		if (!isApi) out.headers.set('Cache-Control', 'private, no-store');
	}
	return out;
});
