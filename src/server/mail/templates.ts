import type { Locale } from '~/i18n/locales';
import { useTranslations } from '~/i18n/server';
import type { MailMessage } from './transport';

function escapeHtml(value: string): string {
	return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function compose(
	locale: Locale,
	kind: string,
	to: string,
	key: string,
	vars: Record<string, string>,
	link?: string,
): MailMessage {
	const t = useTranslations(locale);
	const subject = t(`auth:mail.${key}.subject`, vars);
	const lines = [
		t(`auth:mail.${key}.greeting`, vars),
		t(`auth:mail.${key}.body`, vars),
		...(link ? [link] : []),
		t(`auth:mail.${key}.footer`, vars),
	];
	const html = [
		`<p>${escapeHtml(lines[0] ?? '')}</p>`,
		`<p>${escapeHtml(lines[1] ?? '')}</p>`,
		link
			? `<p><a href="${escapeHtml(link)}">${escapeHtml(t(`auth:mail.${key}.action`))}</a></p>`
			: '',
		`<p>${escapeHtml(t(`auth:mail.${key}.footer`, vars))}</p>`,
	].join('\n');
	return { kind, to, subject, text: lines.join('\n\n'), html };
}

/** The password-reset mail, in the visitor's language, carrying the one-use link. */
export function resetPasswordMail(
	locale: Locale,
	to: string,
	link: string,
	minutes: number,
): MailMessage {
	return compose(locale, 'reset-password', to, 'reset', { minutes: String(minutes) }, link);
}

/** Sent when someone registers an address that already has an account. */
export function accountExistsMail(locale: Locale, to: string, link: string): MailMessage {
	return compose(locale, 'account-exists', to, 'exists', {}, link);
}

/** Sent after a new registration. */
export function welcomeMail(locale: Locale, to: string, name: string, link: string): MailMessage {
	return compose(locale, 'welcome', to, 'welcome', { name }, link);
}

/** Sent to an ADMIN_EMAIL registration: the password is set through this link. */
export function adminSetupMail(
	locale: Locale,
	to: string,
	link: string,
	minutes: number,
): MailMessage {
	return compose(locale, 'admin-setup', to, 'admin', { minutes: String(minutes) }, link);
}
