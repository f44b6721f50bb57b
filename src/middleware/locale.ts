import { defineMiddleware } from 'astro:middleware';
import { isLocale, type Locale } from '../i18n/locales';
import { useTranslations } from '../i18n/server';
import { localeFromPath, resolveLocale } from '../lib/locale-resolution';
import { LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE } from '../lib/locale-cookie';
import { isPageRoot } from '../lib/routes';
import { isEmbedPath } from '../lib/embed';

/** Paths that are not localised pages: endpoints, assets, feeds. */
function isUnlocalised(pathname: string): boolean {
	return (
		/^\/(api|_astro|_image|_server-islands|media)(\/|$)/.test(pathname) ||
		/^\/[^/]+\.(xml|txt|ico|png|svg|webmanifest|json|js|css|m3u8|ts)$/.test(pathname)
	);
}

/**
 * Decides the request's locale and answers the spec's redirects: `/` by cookie, then
 * Accept-Language; any other unprefixed page by cookie, else the default. Visiting a
 * prefixed page remembers its locale in the `i18n_redirected` cookie, which is how the
 * language switcher (plain links, no JavaScript) saves the choice.
 */
export const locale = defineMiddleware(async (context, next) => {
	const { pathname, search } = context.url;
	const cookie = context.cookies.get(LOCALE_COOKIE)?.value;
	const acceptLanguage = context.request.headers.get('accept-language');
	const resolved: Locale = resolveLocale({ pathname, cookie, acceptLanguage });
	context.locals.locale = resolved;
	context.locals.t = useTranslations(resolved);

	if (isUnlocalised(pathname)) {
		// `/zzz.json`: a file-like name that the [locale] routes matched as a locale; it is
		// neither a file nor a page of ours.
		if (context.params.locale !== undefined && !isLocale(context.params.locale)) {
			return new Response(null, { status: 404 });
		}
		return next();
	}

	// A widget framed on another site sets no cookie, and its route answers a language we do
	// not have with a small message of its own (not our full 404 page inside their frame).
	if (isEmbedPath(pathname)) return next();

	// A doubled slash anywhere is never one of our pages and must never become an
	// off-site Location (`//evil.com` is protocol-relative).
	if (pathname.includes('//')) return new Response(null, { status: 404 });

	const prefix = localeFromPath(pathname);
	if (!prefix) {
		const first = pathname.split('/')[1] ?? '';
		if (!isPageRoot(first)) {
			// `/xx/faq`: the [locale] route matches, but xx is no locale of ours.
			if (context.params.locale !== undefined && !isLocale(context.params.locale)) {
				return new Response(null, { status: 404 });
			}
			return next();
		}
		const target = pathname === '/' ? `/${resolved}` : `/${resolved}${pathname}`;
		return new Response(null, {
			status: 302,
			headers: {
				Location: target.replace(/\/$/, '') + search,
				Vary: 'Accept-Language, Cookie',
				'Cache-Control': 'private, no-cache',
			},
		});
	}

	if (context.request.method === 'GET' && cookie !== prefix) {
		context.cookies.set(LOCALE_COOKIE, prefix, {
			path: '/',
			maxAge: LOCALE_COOKIE_MAX_AGE,
			sameSite: 'lax',
			secure: false,
			httpOnly: false,
		});
	}
	return next();
});
