import { z } from 'zod';
import type { Locale } from '~/i18n/locales';
import { emailField, normaliseEmail } from '../auth/email';
import { STAFF_ROLES, type StaffRole } from '~/lib/cms/roles';
import { addStaff, removeStaff, type StaffActor } from './staff';

/** The console's staff form: one address and one role (or removal). */
export const staffForm = z.object({
	intent: z.enum(['add', 'remove']),
	email: emailField,
	role: z.enum(STAFF_ROLES).optional(),
});

export type StaffFormResult =
	| { ok: true; intent: 'add' | 'remove'; email: string; role?: StaffRole }
	| { ok: false; error: 'invalid' };

/**
 * An admin's staff change from the console. A new address (or one without a password)
 * gets the set-password link by mail, never on the screen.
 */
export async function staffFromConsole(
	form: FormData,
	actor: StaffActor,
	locale: Locale,
): Promise<StaffFormResult> {
	const parsed = staffForm.safeParse({
		intent: form.get('intent'),
		email: form.get('email'),
		role: form.get('role') ?? undefined,
	});
	if (!parsed.success) return { ok: false, error: 'invalid' };
	const { intent, email, role } = parsed.data;
	if (intent === 'remove') {
		const done = await removeStaff(email, actor);
		return done
			? { ok: true, intent, email: normaliseEmail(email) }
			: { ok: false, error: 'invalid' };
	}
	if (!role) return { ok: false, error: 'invalid' };
	// The set-password link is queued with the change, in its transaction (issue 28/6).
	const added = await addStaff({ email, role, actor, locale, mailLink: true });
	if (!added.ok) return { ok: false, error: 'invalid' };
	return { ok: true, intent, email: added.member.email, role };
}
