import type { Migration } from './index';

/**
 * The stream catalogue. `plans` lists the plan ids that may watch (empty: free for all);
 * `countries` restricts by ISO country (NULL: everywhere). Seeded with the demo streams
 * shipped in data/media.
 */
const streams0401: Migration = {
	id: '0401_streams',
	sql: `
CREATE TABLE streams (
	id text PRIMARY KEY CHECK (id ~ '^[a-z0-9][a-z0-9-]{0,62}$'),
	kind text NOT NULL CHECK (kind IN ('live', 'tv', 'movie', 'highlight')),
	match_id integer,
	sport text NOT NULL DEFAULT 'football',
	title text NOT NULL,
	plans text[] NOT NULL DEFAULT '{}',
	countries text[],
	hls_path text NOT NULL,
	position integer NOT NULL DEFAULT 0,
	created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX streams_kind_idx ON streams (kind, position);
CREATE INDEX streams_match_idx ON streams (match_id);

INSERT INTO streams (id, kind, sport, title, plans, countries, hls_path, position) VALUES
	('demo-live', 'live', 'football', 'Matchday Live: demo match feed', '{premium-monthly,premium-yearly,premium-yearly-vip,pass-football,match-pass}', NULL, 'demo-live/index.m3u8', 1),
	('demo-tv', 'tv', 'football', 'Matchday TV', '{premium-monthly,premium-yearly,premium-yearly-vip,pass-football}', NULL, 'demo-tv/index.m3u8', 2),
	('demo-movie', 'movie', 'football', 'The Beautiful Game (demo film)', '{premium-monthly,premium-yearly,premium-yearly-vip}', NULL, 'demo-movie/index.m3u8', 3),
	('demo-highlight', 'highlight', 'football', 'Goals of the week (demo)', '{}', NULL, 'demo-highlight/index.m3u8', 4);
`,
};

export default streams0401;
