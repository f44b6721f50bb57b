import { z } from 'zod';
import { json } from '../auth/http';
import { disableTotp, totpStatus } from '../auth/second-factor';
import type { Actor } from './guard';
import { listStaff } from './staff';

/**
 * An admin turns off another staff member's two-step verification (a lost phone and no
 * recovery codes left). `disableTotp` deletes the secret and the recovery codes and writes
 * the `totp.disable` audit row (actor: the admin, target `user:<email>`) in one
 * transaction. Only other staff members: one's own is turned off on the security page,
 * with a current code. The page asks for an explicit confirmation (a ticked box).
 */
export type TotpResetResult =
	| { ok: true; email: string }
	| { ok: false; status: 400; error: 'invalid_request'; message: string; fields: string[] }
	| { ok: false; status: 404; error: 'not_found'; message: string }
	| { ok: false; status: 409; error: 'not_enrolled' | 'own_account'; message: string };

export async function resetTotp(actor: Actor, userId: string): Promise<TotpResetResult> {
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
	const done = await disableTotp(
		{ id: member.id, email: member.email },
		{ actor: { id: actor.id, email: actor.email } },
	);
	if (!done.ok) return { ok: false, status: 409, error: 'not_enrolled', message: 'Not enrolled' };
	return { ok: true, email: member.email };
}

const totpForm = z.object({ userId: z.uuid(), confirm: z.literal('yes') });

/** The staff page's form: `intent=totp-off`, `userId`, and the ticked `confirm=yes`. */
export async function resetTotpFromConsole(form: FormData, actor: Actor): Promise<TotpResetResult> {
	const parsed = totpForm.safeParse({ userId: form.get('userId'), confirm: form.get('confirm') });
	if (!parsed.success) {
		const fields = [...new Set(parsed.error.issues.map((i) => String(i.path[0])))];
		return { ok: false, status: 400, error: 'invalid_request', message: 'Invalid form', fields };
	}
	return resetTotp(actor, parsed.data.userId);
}

/** Which of these staff members have a secret (enrolled or pending): they get the button. */
export async function withTotp(ids: readonly string[]): Promise<Set<string>> {
	const states = await Promise.all(ids.map(async (id) => [id, await totpStatus(id)] as const));
	return new Set(states.filter(([, s]) => s !== 'none').map(([id]) => id));
}

export function totpResetResponse(result: TotpResetResult): Response {
	if (result.ok) return json(200, { data: { email: result.email, totp: 'none' } });
	const { ok: _ok, status, ...body } = result;
	return json(status, body);
}
