/// <reference types="astro/client" />

declare namespace App {
	interface Locals {
		/** Unique id for this request, echoed in logs and on the error page. */
		requestId: string;
		/** The locale of this request (URL prefix, cookie, browser, default). */
		locale: import('./i18n/locales').Locale;
		/** Translate into `locale`. */
		t: import('./i18n/server').Translate;
		/** Device flags derived once from the User-Agent. */
		device: import('./lib/device').DeviceInfo;
		/** The request's origin as we trust it (never taken from client headers). */
		origin: string;
		/** Sandbox payments on a production server: every page shows the test-mode notice. */
		testMode: boolean;
		/** The visitor's IANA time zone ('UTC' until the browser told us). */
		timeZone: string;
		/** False while the zone is the UTC fallback (pages label times as UTC then). */
		timeZoneKnown: boolean;
		/** The logged-in site user (Bearer token or `auth.` cookies), or null. */
		user: import('./server/auth/users').PublicUser | null;
		/** The session behind `user` (for logout and the sessions list), or null. */
		session: { id: string; kind: import('./server/auth/sessions').SessionKind } | null;
		/**
		 * The signed-in visitor's plan-expiry reminder (src/middleware/expiry-reminder.ts): null
		 * when there is none to show, undefined when not looked up (anonymous, API) or the
		 * lookup failed. The layout's banner renders it.
		 */
		expiryReminder: import('./server/payments/billing').ExpiryReminder | null | undefined;
		/** The CMS login (admin cookies), looked up only under /cms and /api/admin. */
		cms: {
			user: import('./server/auth/users').PublicUser;
			session: { id: string; kind: import('./server/auth/sessions').SessionKind };
		} | null;
	}
}

/** The site's own client directives (src/integrations/client-directives.ts). */
declare namespace Astro {
	interface ClientDirectives {
		'client:interaction'?: boolean;
		'client:follows'?: boolean;
		'client:member'?: boolean;
	}
}
