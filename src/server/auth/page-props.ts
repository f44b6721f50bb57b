import type { Translate } from '~/i18n/server';
import { LOCALE_TAGS, type Locale } from '~/i18n/locales';
import { dateTimeFormat } from '~/lib/intl';
import { AUTH_ERROR_CODES, errorKey, type AuthField } from '~/lib/auth-validation';
import { safeRedirect } from '~/lib/safe-redirect';

/**
 * Translated props for the auth pages and their islands, so routes stay thin and islands
 * receive only strings.
 */
export function formMessages(t: Translate): Record<string, string> {
	const codes = [...AUTH_ERROR_CODES, 'required', 'network', 'unknown'];
	return Object.fromEntries(codes.map((code) => [code, t(`auth:errors.${code}`)]));
}

/** The banner of a page: an error or a notice from the query string, translated. */
export function banner(
	t: Translate,
	url: URL,
	notices: Record<string, string>,
): { error: string | null; notice: string | null } {
	const key = errorKey(url.searchParams.get('error'));
	const notice = notices[url.searchParams.get('notice') ?? ''];
	return { error: key ? t(key) : null, notice: notice ? t(notice) : null };
}

/** The remembered path, kept only when it is same-site. */
export function rememberedPath(url: URL): string | undefined {
	const value = url.searchParams.get('redirect') ?? url.searchParams.get('next');
	const safe = safeRedirect(value ?? undefined, '');
	return safe || undefined;
}

export function fields(t: Translate) {
	const email = (autoComplete = 'email'): AuthField => ({
		name: 'email',
		label: t('auth:fields.email'),
		type: 'email',
		rule: 'email',
		autoComplete,
	});
	const newPassword = (name = 'password'): AuthField => ({
		name,
		label: t('auth:fields.newPassword'),
		type: 'password',
		rule: 'newPassword',
		autoComplete: 'new-password',
		hint: t('auth:fields.passwordHint'),
	});
	const currentPassword = (name = 'current_password'): AuthField => ({
		name,
		label: t('auth:fields.currentPassword'),
		type: 'password',
		rule: 'password',
		autoComplete: 'current-password',
	});
	const name = (defaultValue?: string): AuthField => ({
		name: 'name',
		label: t('auth:fields.name'),
		type: 'text',
		rule: 'name',
		autoComplete: 'name',
		...(defaultValue !== undefined ? { defaultValue } : {}),
	});
	return { email, newPassword, currentPassword, name };
}

/** Dates in the account page's session list, in the locale's regional form (en is en-GB). */
export function formatDate(locale: Locale, iso: string): string {
	return dateTimeFormat(LOCALE_TAGS[locale], {
		dateStyle: 'medium',
		timeStyle: 'short',
		timeZone: 'UTC',
	}).format(new Date(iso));
}
