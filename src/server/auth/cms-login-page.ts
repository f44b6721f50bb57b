import { PENDING_COOKIE, pendingLoginCookie, readCookie, tokenCookies } from './cookies';
import { readLimited, requestMeta } from './http';
import { landing } from './forms';
import type { Enrolment } from './second-factor';
import { confirmPendingEnrolment, enrolmentForPending } from './second-step';

/**
 * The enrolment step of the console login (CMS_REQUIRE_TOTP=1, no secret yet): GET shows
 * the QR code; the confirming POST opens the session and shows the recovery codes once,
 * which is why it answers with a page and not with a redirect like the other steps.
 */
export type EnrolStep =
	| { state: 'expired' }
	| { state: 'enrol'; enrolment: Enrolment; error?: 'invalid_code' | 'rate_limited' }
	| { state: 'done'; recoveryCodes: string[]; next: string; cookies: string[] };

export async function enrolStep(
	request: Request,
	clientAddress: string | undefined,
	locale: string,
): Promise<EnrolStep> {
	const pending = readCookie(request.headers.get('cookie'), PENDING_COOKIE);
	if (request.method === 'POST') {
		const text = await readLimited(request);
		const form = new URLSearchParams(text ?? '');
		const confirmed = await confirmPendingEnrolment(
			pending,
			(form.get('code') ?? '').slice(0, 40),
			requestMeta(request, clientAddress),
		);
		if (confirmed.ok)
			return {
				state: 'done',
				recoveryCodes: confirmed.recoveryCodes,
				next: landing(new URL(request.url).searchParams.get('redirect'), `/${locale}/cms`),
				cookies: [...tokenCookies('cms', confirmed.grant.token), pendingLoginCookie('', 0)],
			};
		if (confirmed.error === 'invalid_credentials') return { state: 'expired' };
		const shown = await enrolmentForPending(pending);
		return shown
			? { state: 'enrol', enrolment: shown.enrolment, error: confirmed.error }
			: { state: 'expired' };
	}
	const shown = await enrolmentForPending(pending);
	return shown ? { state: 'enrol', enrolment: shown.enrolment } : { state: 'expired' };
}
