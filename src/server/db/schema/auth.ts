import {
	bigserial,
	index,
	integer,
	jsonb,
	pgTable,
	text,
	timestamp,
	uuid,
} from 'drizzle-orm/pg-core';
import { fkey } from './keys';

/**
 * Accounts, sessions (refresh-token families), reset links and security events. `email` is
 * stored normalised (see src/server/auth/email.ts); `password_hash` is null only for an
 * ADMIN_EMAIL account whose owner has not yet proved the mailbox by setting a password
 * through the mailed link.
 */
export const users = pgTable('users', {
	id: uuid('id').primaryKey(),
	email: text('email').notNull().unique('users_email_key'),
	name: text('name').notNull(),
	passwordHash: text('password_hash'),
	scope: text('scope').array().notNull().default(['user']),
	plan: text('plan').notNull().default('free'),
	/** Bumped by a password change or reset: every older access JWT stops working. */
	tokenVersion: integer('token_version').notNull().default(0),
	disabledAt: timestamp('disabled_at', { withTimezone: true }),
	createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
	updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
	/**
	 * When the owner proved the mailbox (a confirmation or reset link). Null: never proved;
	 * such accounts play but are left off leaderboards (issue 28/7, docs/auth.md).
	 */
	emailConfirmedAt: timestamp('email_confirmed_at', { withTimezone: true }),
});

/** A login: one refresh-token family. Revoking it ends its access tokens at once. */
export const sessions = pgTable(
	'auth_sessions',
	{
		id: text('id').primaryKey(),
		userId: uuid('user_id').notNull(),
		/** 'web' for the site, 'cms' for the editors' area (revoked separately). */
		kind: text('kind').notNull().default('web'),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
		/** Absolute end of the family, whatever the refreshes. */
		expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
		lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull(),
		revokedAt: timestamp('revoked_at', { withTimezone: true }),
		userAgent: text('user_agent').notNull().default(''),
		ip: text('ip').notNull().default(''),
	},
	(t) => [
		fkey(t.userId, users.id).onDelete('cascade'),
		index('auth_sessions_user_idx').on(t.userId),
	],
);

/** Refresh tokens, only as SHA-256 hashes. `successorHash` links the rotation chain. */
export const refreshTokens = pgTable(
	'auth_refresh_tokens',
	{
		tokenHash: text('token_hash').primaryKey(),
		sessionId: text('session_id').notNull(),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
		usedAt: timestamp('used_at', { withTimezone: true }),
		successorHash: text('successor_hash'),
	},
	(t) => [
		fkey(t.sessionId, sessions.id).onDelete('cascade'),
		index('auth_refresh_tokens_session_idx').on(t.sessionId),
	],
);

/** One-use password-reset links, only as SHA-256 hashes. */
export const passwordResets = pgTable(
	'auth_password_resets',
	{
		tokenHash: text('token_hash').primaryKey(),
		userId: uuid('user_id').notNull(),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
		expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
		usedAt: timestamp('used_at', { withTimezone: true }),
	},
	(t) => [
		fkey(t.userId, users.id).onDelete('cascade'),
		index('auth_password_resets_user_idx').on(t.userId),
	],
);

/**
 * One-use e-mail confirmation links, only as SHA-256 hashes, apart from reset links so that
 * one can never be spent as the other. `email` is the address the link was sent to: a link
 * confirms only while the account still has that address.
 */
export const emailConfirmations = pgTable(
	'auth_email_confirmations',
	{
		tokenHash: text('token_hash').primaryKey(),
		userId: uuid('user_id').notNull(),
		email: text('email').notNull(),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
		expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
		usedAt: timestamp('used_at', { withTimezone: true }),
	},
	(t) => [
		fkey(t.userId, users.id).onDelete('cascade'),
		index('auth_email_confirmations_user_idx').on(t.userId),
	],
);

/** Security-relevant events (refresh-token reuse, lockouts, revocations). Never tokens. */
export const securityEvents = pgTable('auth_security_events', {
	id: bigserial('id', { mode: 'number' }).primaryKey(),
	userId: uuid('user_id'),
	sessionId: text('session_id'),
	kind: text('kind').notNull(),
	detail: jsonb('detail').notNull().default({}),
	createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

export type UserRow = typeof users.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;
