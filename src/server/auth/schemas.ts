import { z } from 'zod';
import { LOCALES } from '~/i18n/locales';
import { CONTROL_CHARS, MAX_NAME_CHARS, stripBidiControls } from '~/lib/auth-validation';
import { text } from '~/lib/input-schema';
import { emailField } from './email';

/** A password as typed: any string (the rules live in passwords.ts); bodies are size-capped. */
const password = text(20_000);

/**
 * A display name: 1-80 characters after trimming, no control characters (NUL included);
 * bidi controls are removed first (lib/auth-validation.ts, issue 28/5).
 */
export const nameField = text(400)
	.transform((s) => stripBidiControls(s.normalize('NFC')).trim())
	.pipe(
		z
			.string()
			.min(1)
			.max(MAX_NAME_CHARS)
			.refine((s) => !CONTROL_CHARS.test(s), 'Control characters are not allowed'),
	);

const locale = z.enum(LOCALES).optional();

// z.object strips unknown keys: `role`, `plan`, `scope`, `emailVerified` never reach a query.
export const loginBody = z.object({ email: text(320), password });
/** The console's login: a second-factor code too when the account has one. */
export const cmsLoginBody = loginBody.extend({ code: text(40).optional() });
export const registerBody = z.object({ email: emailField, name: nameField, password, locale });
export const forgotBody = z.object({ email: emailField, locale });
export const resetBody = z.object({ token: text(300), password });
export const refreshBody = z.object({ refresh_token: text(300).optional() });
export const profileBody = z.object({ name: nameField });
export const passwordBody = z.object({ current_password: password, new_password: password });
export const deleteBody = z.object({ password });
