import { z } from 'zod';
import type { Actor } from './guard';
import {
	grantBody,
	grantComplimentary,
	parseUserId,
	type PeopleResult,
	revokePersonSessions,
	setPersonDisabled,
} from './people';

/** The People page's forms: each names its intent and the user it acts on. */
const intent = z.enum(['grant', 'revoke', 'disable', 'enable']);

export type PeopleIntent = z.infer<typeof intent>;
export type PeopleFormResult =
	| { ok: true; intent: PeopleIntent; email: string }
	| { ok: false; status: number; message: string };

/** An admin's change from the People page (same-site form post; audited by people.ts). */
export async function peopleFromConsole(form: FormData, actor: Actor): Promise<PeopleFormResult> {
	const parsedIntent = intent.safeParse(form.get('intent'));
	const userId = parseUserId(String(form.get('user') ?? ''));
	if (!parsedIntent.success || !userId)
		return { ok: false, status: 400, message: 'Invalid request' };
	let result: PeopleResult;
	switch (parsedIntent.data) {
		case 'grant': {
			const body = grantBody.safeParse({ planId: form.get('planId'), until: form.get('until') });
			if (!body.success)
				return {
					ok: false,
					status: 400,
					message: `Invalid field "${String(body.error.issues[0]?.path[0] ?? 'until')}"`,
				};
			result = await grantComplimentary(actor, userId, body.data);
			break;
		}
		case 'revoke':
			result = await revokePersonSessions(actor, userId);
			break;
		default:
			result = await setPersonDisabled(actor, userId, parsedIntent.data === 'disable');
	}
	return result.ok
		? { ok: true, intent: parsedIntent.data, email: result.email }
		: { ok: false, status: result.status, message: result.message };
}
