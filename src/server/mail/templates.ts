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
	/** A line after the link: the only place text chosen by the visitor may appear. */
	note?: string,
): MailMessage {
	const t = useTranslations(locale);
	const subject = t(`auth:mail.${key}.subject`, vars);
	const lines = [
		t(`auth:mail.${key}.greeting`, vars),
		t(`auth:mail.${key}.body`, vars),
		...(link ? [link] : []),
		...(note ? [note] : []),
		t(`auth:mail.${key}.footer`, vars),
	];
	const html = [
		`<p>${escapeHtml(lines[0] ?? '')}</p>`,
		`<p>${escapeHtml(lines[1] ?? '')}</p>`,
		link
			? `<p><a href="${escapeHtml(link)}">${escapeHtml(t(`auth:mail.${key}.action`))}</a></p>`
			: '',
		note ? `<p>${escapeHtml(note)}</p>` : '',
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

/** Characters of the display name a mail may quote. */
export const MAIL_NAME_MAX = 40;

/**
 * Sent after a new registration. Anyone can register someone else's address with a "name"
 * of their choosing (finding 16), so the name is never in the subject, greeting or first
 * lines (where a phishing text would be read as ours): it is quoted after the link,
 * shortened to MAIL_NAME_MAX characters.
 */
export function welcomeMail(
	locale: Locale,
	to: string,
	name: string,
	confirmLink: string,
	days: number,
): MailMessage {
	const chars = Array.from(name);
	const short =
		chars.length > MAIL_NAME_MAX ? `${chars.slice(0, MAIL_NAME_MAX - 1).join('')}…` : name;
	const note = useTranslations(locale)('auth:mail.welcome.name', { name: short });
	return compose(locale, 'welcome', to, 'welcome', { days: String(days) }, confirmLink, note);
}

/** The confirmation link again, asked for from the account page. */
export function confirmEmailMail(
	locale: Locale,
	to: string,
	confirmLink: string,
	days: number,
): MailMessage {
	return compose(locale, 'confirm-email', to, 'confirm', { days: String(days) }, confirmLink);
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
