import { z } from 'zod';
import { text } from '~/lib/input-schema';
import { json, rateLimited } from '../auth/http';
import { parseBody } from '../auth/responses';
import { disableTotp, totpStatus, verifySecondFactor } from '../auth/second-factor';
import type { Actor } from './guard';
import { listStaff } from './staff';

/**
 * An admin turns off another staff member's two-step verification (a lost phone and no
 * recovery codes left). `disableTotp` deletes the secret and the recovery codes and writes
 * the `totp.disable` audit row (actor: the admin, target `user:<email>`) in one
 * transaction. Only other staff members: one's own is turned off on the security page,
 * with a current code. The page asks for an explicit confirmation (a ticked box).
 *
 * The admin proves it is them with their OWN current code or a recovery code (issue 28/5):
 * a stolen console session (a cookie, a token) must not be enough to strip a colleague's
 * second factor. So an admin needs two-step verification of their own to do this; the
 * code is checked last, so a refusal for another reason does not spend it.
 */
export type TotpResetResult =
	| { ok: true; email: string }
	| { ok: false; status: 400; error: 'invalid_request'; message: string; fields: string[] }
	| { ok: false; status: 403; error: 'invalid_code' | 'own_totp_required'; message: string }
	| { ok: false; status: 404; error: 'not_found'; message: string }
	| { ok: false; status: 409; error: 'not_enrolled' | 'own_account'; message: string }
	| { ok: false; status: 429; error: 'rate_limited'; message: string; retryAfter: number };

/** The admin's own proof: a code (absent or blank: refused) and the address it came from. */
export interface AdminProof {
	code: string | undefined;
	ip: string;
}

export async function resetTotp(
	actor: Actor,
	userId: string,
	proof: AdminProof,
): Promise<TotpResetResult> {
	if (userId === actor.id)
		return {
			ok: false,
			status: 409,
			error: 'own_account',
			message: 'Turn off your own two-step verification on the security page',
		};
	const member = (await listStaff()).find((m) => m.id === userId);
	if (!member)
		return { ok: false, status: 404, error: 'not_found', message: 'No such staff member' };
	if ((await totpStatus(member.id)) === 'none')
		return {
			ok: false,
			status: 409,
			error: 'not_enrolled',
			message: 'This staff member has no two-step verification',
		};
	if (!proof.code?.trim())
		return {
			ok: false,
			status: 400,
			error: 'invalid_request',
			message: 'Invalid field "code": your own current code is required',
			fields: ['code'],
		};
	const own = await verifySecondFactor({ id: actor.id, email: actor.email }, proof.code, proof.ip);
	if (!own.ok) {
		if (own.error === 'rate_limited')
			return {
				ok: false,
				status: 429,
				error: 'rate_limited',
				message: 'Too many attempts, try again later',
				retryAfter: own.retryAfter,
			};
		return own.error === 'not_enrolled'
			? {
					ok: false,
					status: 403,
					error: 'own_totp_required',
					message: 'Turn on your own two-step verification first (security page)',
				}
			: { ok: false, status: 403, error: 'invalid_code', message: 'Invalid or already used code' };
	}
	const done = await disableTotp(
		{ id: member.id, email: member.email },
		{ actor: { id: actor.id, email: actor.email } },
	);
	if (!done.ok) return { ok: false, status: 409, error: 'not_enrolled', message: 'Not enrolled' };
	return { ok: true, email: member.email };
}

const totpForm = z.object({
	userId: z.uuid(),
	confirm: z.literal('yes'),
	code: text(40).optional(),
});

/**
 * The staff page's form: `intent=totp-off`, `userId`, the ticked `confirm=yes` and the
 * admin's own `code`.
 */
export async function resetTotpFromConsole(
	form: FormData,
	actor: Actor,
	ip: string,
): Promise<TotpResetResult> {
	const parsed = totpForm.safeParse({
		userId: form.get('userId'),
		confirm: form.get('confirm'),
		code: form.get('code') ?? undefined,
	});
	if (!parsed.success) {
		const fields = [...new Set(parsed.error.issues.map((i) => String(i.path[0])))];
		return { ok: false, status: 400, error: 'invalid_request', message: 'Invalid form', fields };
	}
	return resetTotp(actor, parsed.data.userId, { code: parsed.data.code, ip });
}

const totpBody = z.object({ code: text(40).optional() });

/**
 * The API's body, `{ code }`: the admin's own code. A request without a body reads as no
 * code (resetTotp then names the field, after the checks that need none).
 */
export async function readTotpResetBody(
	request: Request,
): Promise<{ ok: true; code: string | undefined } | { ok: false; response: Response }> {
	if (!request.headers.has('content-type')) return { ok: true, code: undefined };
	const body = await parseBody(request, totpBody);
	return body.ok ? { ok: true, code: body.data.code } : body;
}

/** Which of these staff members have a secret (enrolled or pending): they get the button. */
export async function withTotp(ids: readonly string[]): Promise<Set<string>> {
	const states = await Promise.all(ids.map(async (id) => [id, await totpStatus(id)] as const));
	return new Set(states.filter(([, s]) => s !== 'none').map(([id]) => id));
}

export function totpResetResponse(result: TotpResetResult): Response {
	if (result.ok) return json(200, { data: { email: result.email, totp: 'none' } });
	if (result.status === 429) return rateLimited(result.retryAfter);
	const { ok: _ok, status, ...body } = result;
	return json(status, body);
}
