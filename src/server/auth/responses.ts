import { clearCookies, tokenCookies } from './cookies';
import { badRequest, invalidCredentials, json, MESSAGES, rateLimited, readJson } from './http';
import type { Grant } from './issue';

/**
 * The spec's login answer: `{ data: { ...user, token: { access_token, refresh_token } } }`,
 * plus the expiry times the client store needs. The same tokens go into the `auth.` cookies
 * for server-rendered pages.
 */
export function grantResponse(grant: Grant, status = 200): Response {
	return json(
		status,
		{ data: { ...grant.user, token: grant.token } },
		tokenCookies(grant.kind, grant.token),
	);
}

/**
 * A renewal made with the httpOnly refresh cookie: the same shape, but the raw tokens stay in
 * the cookies only, so a script on the page can never read a refresh token.
 */
export function cookieGrantResponse(grant: Grant): Response {
	const { expires_at, refresh_expires_at } = grant.token;
	return json(
		200,
		{ data: { ...grant.user, token: { expires_at, refresh_expires_at } } },
		tokenCookies(grant.kind, grant.token),
	);
}

export { clearCookies };

const SECOND_FACTOR: Record<string, string> = {
	code_required: 'Send the code from your authenticator app as "code"',
	invalid_code: 'Invalid or already used code',
	enrolment_required: 'Set up two-step verification on the console login page first',
};

type Failure = { ok: false; error: string; retryAfter?: number };

/** Maps a service failure to its HTTP answer. */
export function failureResponse(failure: Failure): Response {
	if (failure.error === 'rate_limited') return rateLimited(failure.retryAfter ?? 60);
	// Issue 28/7: the account is over its failure limit; its owner still gets in with the code.
	if (failure.error === 'account_locked')
		return json(
			429,
			{
				error: 'account_locked',
				message:
					'Too many failed attempts for this account: send the password together with "code" (two-step verification)',
			},
			[],
			{ 'Retry-After': String(failure.retryAfter ?? 60) },
		);
	if (failure.error === 'invalid_credentials') return invalidCredentials();
	// The console's second step: the password was right, the code is missing or wrong.
	if (failure.error in SECOND_FACTOR)
		return json(401, { error: failure.error, message: SECOND_FACTOR[failure.error] });
	return badRequest(failure.error, MESSAGES[failure.error] ?? 'Invalid request');
}

/** The answer to a body that failed its zod schema: 400 naming the offending fields. */
export function invalidBody(issues: { path: PropertyKey[]; message?: string }[]): Response {
	const names = [...new Set(issues.map((i) => String(i.path[0] ?? '')))].filter(Boolean);
	const first = issues[0];
	const message =
		first && names.length > 0
			? `Invalid field "${names[0]}"${first.message ? `: ${first.message}` : ''}`
			: 'Invalid request';
	return json(400, { error: 'invalid_request', message, fields: names });
}

/** Reads a JSON body and validates it; the Response is the error to send back. */
export async function parseBody<T>(
	request: Request,
	schema: {
		safeParse(
			value: unknown,
		):
			| { success: true; data: T }
			| { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } };
	},
): Promise<{ ok: true; data: T } | { ok: false; response: Response }> {
	const body = await readJson(request);
	if (!body.ok) return body;
	const parsed = schema.safeParse(body.value);
	if (!parsed.success) return { ok: false, response: invalidBody(parsed.error.issues) };
	return { ok: true, data: parsed.data };
}
