import type { Migration } from './index';

/** Accounts, sessions (refresh-token families), reset links, security events. */
const auth0200: Migration = {
	id: '0200_auth',
	sql: `
CREATE TABLE users (
	id uuid PRIMARY KEY,
	email text NOT NULL UNIQUE,
	name text NOT NULL,
	password_hash text,
	scope text[] NOT NULL DEFAULT '{user}',
	plan text NOT NULL DEFAULT 'free',
	token_version integer NOT NULL DEFAULT 0,
	disabled_at timestamptz,
	created_at timestamptz NOT NULL,
	updated_at timestamptz NOT NULL
);
CREATE TABLE auth_sessions (
	id text PRIMARY KEY,
	user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
	kind text NOT NULL DEFAULT 'web',
	created_at timestamptz NOT NULL,
	expires_at timestamptz NOT NULL,
	last_used_at timestamptz NOT NULL,
	revoked_at timestamptz,
	user_agent text NOT NULL DEFAULT '',
	ip text NOT NULL DEFAULT ''
);
CREATE INDEX auth_sessions_user_idx ON auth_sessions (user_id);
CREATE TABLE auth_refresh_tokens (
	token_hash text PRIMARY KEY,
	session_id text NOT NULL REFERENCES auth_sessions(id) ON DELETE CASCADE,
	created_at timestamptz NOT NULL,
	used_at timestamptz,
	successor_hash text
);
CREATE INDEX auth_refresh_tokens_session_idx ON auth_refresh_tokens (session_id);
CREATE TABLE auth_password_resets (
	token_hash text PRIMARY KEY,
	user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
	created_at timestamptz NOT NULL,
	expires_at timestamptz NOT NULL,
	used_at timestamptz
);
CREATE INDEX auth_password_resets_user_idx ON auth_password_resets (user_id);
CREATE TABLE auth_security_events (
	id bigserial PRIMARY KEY,
	user_id uuid,
	session_id text,
	kind text NOT NULL,
	detail jsonb NOT NULL DEFAULT '{}',
	created_at timestamptz NOT NULL
);
`,
};

export default auth0200;
