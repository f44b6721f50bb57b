import { eq } from 'drizzle-orm';
import { useTranslations } from '~/i18n/server';
import { config } from '../config';
import { getDb } from '../db/client';
import { checkouts } from '../db/schema/payments';
import { deliver } from '../mail/transport';
import { formatMoney } from '~/lib/payments/money';

const escapeHtml = (v: string) => v.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The payment confirmation, sent once per paid checkout (after the webhook's transaction
 * committed). In English: the checkout does not record the buyer's language.
 */
export async function sendPaymentConfirmation(
	to: string,
	name: string,
	checkoutId: string,
): Promise<void> {
	const db = await getDb();
	const [c] = await db.select().from(checkouts).where(eq(checkouts.id, checkoutId));
	if (!c) return;
	const t = useTranslations('en');
	const vars = {
		name,
		plan: t(`payments:plan.${c.planId}.name`),
		amount: formatMoney(c.amount, c.currency, 'en'),
	};
	const link = `${new URL(config().SITE_URL).origin}/en/account`;
	const lines = [t('payments:mail.greeting', vars), t('payments:mail.body', vars), link];
	await deliver({
		kind: 'payment-confirmation',
		to,
		subject: t('payments:mail.subject', vars),
		text: lines.join('\n\n'),
		html: lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('\n'),
	});
}
