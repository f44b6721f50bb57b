import {
	bigint,
	bigserial,
	index,
	integer,
	jsonb,
	pgTable,
	primaryKey,
	text,
	timestamp,
	uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth';
import { matches } from './football';
import { fkey } from './keys';

/**
 * The editors' console: its audit log, the scorer holding each match, and which matches a
 * scorer is assigned to. Roles themselves are entries of `users.scope` (src/lib/cms/roles.ts).
 */

/**
 * One row per change made through the console or the staff CLI, written in the same
 * transaction as the change. `actor_email` is copied so the row still says who after the
 * account is gone (hence no foreign key on `actor_id`).
 */
export const cmsAudit = pgTable(
	'cms_audit',
	{
		id: bigserial('id', { mode: 'number' }).primaryKey(),
		actorId: uuid('actor_id'),
		actorEmail: text('actor_email').notNull(),
		action: text('action').notNull(),
		/** What was changed, as `match:12`, `user:<email>`. */
		target: text('target').notNull(),
		before: jsonb('before').$type<Record<string, unknown> | null>(),
		after: jsonb('after').$type<Record<string, unknown> | null>(),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
	},
	(t) => [
		index('cms_audit_created_at_idx').on(t.createdAt),
		index('cms_audit_target_idx').on(t.target, t.id),
	],
);

/** Who is scoring a match. A lease not renewed by `expires_at` may be taken by anyone. */
export const cmsMatchLeases = pgTable(
	'cms_match_leases',
	{
		matchId: integer('match_id').primaryKey(),
		userId: uuid('user_id').notNull(),
		acquiredAt: timestamp('acquired_at', { withTimezone: true }).notNull(),
		expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
	},
	(t) => [
		fkey(t.matchId, matches.id).onDelete('cascade'),
		fkey(t.userId, users.id).onDelete('cascade'),
	],
);

/** Matches a scorer may score; a scorer with no row here may score every match. */
export const cmsScorerAssignments = pgTable(
	'cms_scorer_assignments',
	{
		userId: uuid('user_id').notNull(),
		matchId: integer('match_id').notNull(),
	},
	(t) => [
		primaryKey({ columns: [t.userId, t.matchId] }),
		fkey(t.matchId, matches.id).onDelete('cascade'),
		fkey(t.userId, users.id).onDelete('cascade'),
	],
);

/**
 * A staff member's TOTP secret (RFC 6238), sealed with a key derived from AUTH_SECRET
 * (src/server/auth/totp.ts) and never sent back once confirmed. `confirmed_at` null is an
 * enrolment in progress. `last_step` is the newest 30-second step a code was accepted for:
 * a code is only taken for a later step, so a used code cannot be replayed in its window.
 */
export const cmsTotp = pgTable(
	'cms_totp',
	{
		userId: uuid('user_id').primaryKey(),
		secretSealed: text('secret_sealed').notNull(),
		confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
		lastStep: bigint('last_step', { mode: 'number' }).notNull().default(0),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
	},
	(t) => [fkey(t.userId, users.id).onDelete('cascade')],
);

/** Recovery codes, only as SHA-256 hashes of high-entropy codes; each works once. */
export const cmsRecoveryCodes = pgTable(
	'cms_recovery_codes',
	{
		userId: uuid('user_id').notNull(),
		codeHash: text('code_hash').notNull(),
		usedAt: timestamp('used_at', { withTimezone: true }),
	},
	(t) => [
		primaryKey({ columns: [t.userId, t.codeHash] }),
		fkey(t.userId, users.id).onDelete('cascade'),
	],
);

export type CmsAuditRow = typeof cmsAudit.$inferSelect;

/**
 * The first answer to each console write that carried an `Idempotency-Key` (issue 28): a
 * repeat with the same key (a retry after a lost response) gets this status and body again
 * instead of writing twice. Written in the write's own transaction, so the answer is stored
 * exactly when the change committed. `request` is the method, path and body hash: the same
 * key on another request is refused. Kept at least 24 hours (src/server/http/idempotency.ts).
 * It now serves the members' payment writes too; the name stays (renaming needs a migration).
 */
export const cmsIdempotencyKeys = pgTable(
	'cms_idempotency_keys',
	{
		userId: uuid('user_id').notNull(),
		key: text('key').notNull(),
		request: text('request').notNull(),
		status: integer('status').notNull(),
		/** The JSON text as first sent: a repeat gets the same bytes (jsonb would reorder keys). */
		body: text('body').notNull(),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
	},
	(t) => [
		primaryKey({ columns: [t.userId, t.key] }),
		fkey(t.userId, users.id).onDelete('cascade'),
		index('cms_idempotency_keys_created_at_idx').on(t.createdAt),
	],
);
