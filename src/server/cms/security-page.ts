import { z } from 'zod';
import { readLimited, requestMeta } from '../auth/http';
import {
	beginEnrolment,
	confirmEnrolment,
	disableTotp,
	type Enrolment,
	recoveryCodesLeft,
	totpStatus,
} from '../auth/second-factor';
import { totpRequired } from '../auth/second-step';

/**
 * The console's security page for the signed-in staff member: turn two-step verification on
 * (QR code, confirm, recovery codes shown once) or off (with a current code). Form posts are
 * same-site only (Astro's checkOrigin); enrolling and disabling write audit rows.
 */
export type SecurityView =
	| { state: 'off'; enrolment: Enrolment; required: boolean; error?: string; notice?: string }
	| { state: 'on'; left: number; required: boolean; error?: string; notice?: string }
	| { state: 'enrolled'; recoveryCodes: string[] };

const securityForm = z.object({
	intent: z.enum(['enrol', 'disable']),
	code: z.string().max(40),
});

export async function securityPage(
	request: Request,
	clientAddress: string | undefined,
	user: { id: string; email: string },
): Promise<{ status: number; view: SecurityView }> {
	let error: string | undefined;
	let notice: string | undefined;
	let status = 200;
	if (request.method === 'POST') {
		const form = new URLSearchParams((await readLimited(request)) ?? '');
		const parsed = securityForm.safeParse({
			intent: form.get('intent'),
			code: form.get('code') ?? '',
		});
		const { ip } = requestMeta(request, clientAddress);
		if (!parsed.success) {
			error = 'invalid_request';
		} else if (parsed.data.intent === 'enrol') {
			const done = await confirmEnrolment(user, parsed.data.code, ip);
			if (done.ok)
				return { status: 200, view: { state: 'enrolled', recoveryCodes: done.recoveryCodes } };
			error = done.error === 'rate_limited' ? 'rate_limited' : 'invalid_code';
		} else {
			const done = await disableTotp(user, { code: parsed.data.code, ip });
			if (done.ok) notice = 'disabled';
			else error = done.error === 'rate_limited' ? 'rate_limited' : 'invalid_code';
		}
		if (error) status = error === 'rate_limited' ? 429 : 400;
	}
	const required = totpRequired();
	const base = { required, ...(error ? { error } : {}), ...(notice ? { notice } : {}) };
	if ((await totpStatus(user.id)) === 'enrolled')
		return { status, view: { state: 'on', left: await recoveryCodesLeft(user.id), ...base } };
	const enrolment = await beginEnrolment(user);
	if (!enrolment)
		return { status, view: { state: 'on', left: await recoveryCodesLeft(user.id), ...base } };
	return { status, view: { state: 'off', enrolment, ...base } };
}
