import type { z } from 'zod';
import type { Database } from '../db/client';
import type { ClaimedMail, MailKind } from './outbox';
import type { MailMessage } from './transport';

/**
 * Turns a queued row into the message to send, at each attempt. What each kind says and
 * decides belongs to the feature that queues it (src/server/auth/mails.ts, payments/mail.ts):
 * each registers its composers here, at start-up (src/server/startup.ts), so the mail
 * worker sends every kind without importing the features above it.
 * `{ skip }` says why nothing is sent.
 */
export type Composed = MailMessage | { skip: string };

export interface MailComposer<P> {
	/** The row's payload as queued: checked at each attempt (a bad row is a bug, thrown). */
	payload: z.ZodType<P>;
	/** `first`: this is the row's first attempt (per-address caps count it once). */
	compose: (db: Database, payload: P, first: boolean) => Promise<Composed>;
}

const composers = new Map<MailKind, MailComposer<unknown>>();

/** Registers the composer of one kind; registering a kind again replaces it. */
export function defineMailKind<P>(kind: MailKind, composer: MailComposer<P>): void {
	composers.set(kind, composer as MailComposer<unknown>);
}

/** The message for a claimed row; a row of an unknown kind or shape is a bug, thrown. */
export async function composeMail(db: Database, row: ClaimedMail): Promise<Composed> {
	const composer = composers.get(row.kind as MailKind);
	if (!composer)
		throw new Error(
			`no composer for mail kind "${row.kind}" (registered at start-up: src/server/startup.ts)`,
		);
	return composer.compose(db, composer.payload.parse(row.payload), row.attempts === 1);
}
