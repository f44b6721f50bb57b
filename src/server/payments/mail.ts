import { eq } from 'drizzle-orm';
import { useTranslations } from '~/i18n/server';
import { config } from '../config';
import type { Database } from '../db/client';
import { users } from '../db/schema/auth';
import { checkouts } from '../db/schema/payments';
import { z } from 'zod';
import { defineMailKind } from '../mail/kinds';
import type { MailMessage } from '../mail/transport';
import { formatMoney } from '~/lib/payments/money';

const escapeHtml = (v: string) => v.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The payment confirmation for a paid checkout, composed by the mail worker from the row the
 * webhook queued in its transaction (registered by `registerPaymentMails`). In English: the checkout
 * does not record the buyer's language. Null when the user or checkout is gone.
 */
export async function paymentConfirmationMail(
	db: Database,
	userId: string,
	checkoutId: string,
): Promise<MailMessage | null> {
	const [c] = await db.select().from(checkouts).where(eq(checkouts.id, checkoutId));
	const [user] = await db.select().from(users).where(eq(users.id, userId));
	if (!c || !user) return null;
	const t = useTranslations('en');
	const vars = {
		name: user.name,
		plan: t(`payments:plan.${c.planId}.name`),
		amount: formatMoney(c.amount, c.currency, 'en'),
	};
	const link = `${new URL(config().SITE_URL).origin}/en/account`;
	const lines = [t('payments:mail.greeting', vars), t('payments:mail.body', vars), link];
	return {
		kind: 'payment-confirmation',
		to: user.email,
		subject: t('payments:mail.subject', vars),
		text: lines.join('\n\n'),
		html: lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('\n'),
	};
}

/** Registers the payment mail kind with the mail worker (start-up; tests that send mail). */
export function registerPaymentMails(): void {
	defineMailKind('payment-confirmation', {
		payload: z.object({ userId: z.uuid(), checkoutId: z.string() }),
		compose: async (db, p) =>
			(await paymentConfirmationMail(db, p.userId, p.checkoutId)) ?? { skip: 'no checkout' },
	});
}
