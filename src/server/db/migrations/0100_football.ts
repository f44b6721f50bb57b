/**
 * Football data model: competitions, seasons, teams (+ name aliases), venues, matches,
 * match events, players, squads, line-ups and page views. See docs/football.md.
 * Natural keys (unique constraints) make the importer's upserts idempotent.
 */
export const migration0100Football = {
	id: '0100_football',
	sql: `
CREATE TABLE competitions (
	id serial PRIMARY KEY,
	code text NOT NULL UNIQUE,
	slug text NOT NULL UNIQUE,
	name text NOT NULL,
	type text NOT NULL CHECK (type IN ('league', 'cup', 'tournament')),
	area_code text NOT NULL,
	area_name text NOT NULL,
	time_zone text NOT NULL,
	weight integer NOT NULL DEFAULT 50,
	updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE seasons (
	id serial PRIMARY KEY,
	competition_id integer NOT NULL REFERENCES competitions(id) ON DELETE CASCADE,
	label text NOT NULL,
	name text NOT NULL,
	start_date date,
	end_date date,
	UNIQUE (competition_id, label)
);

CREATE TABLE teams (
	id serial PRIMARY KEY,
	key text NOT NULL UNIQUE,
	slug text NOT NULL UNIQUE,
	name text NOT NULL,
	short_name text NOT NULL,
	tla text,
	country_code text,
	is_national boolean NOT NULL DEFAULT false,
	colour_primary text NOT NULL,
	colour_secondary text NOT NULL,
	updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE team_aliases (
	alias text PRIMARY KEY,
	team_id integer NOT NULL REFERENCES teams(id) ON DELETE CASCADE
);
CREATE INDEX team_aliases_team_idx ON team_aliases (team_id);

-- Derbies and classic rivalries (hot-match ranking); one row per pair, lower id first.
CREATE TABLE rivalries (
	team_a_id integer NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
	team_b_id integer NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
	PRIMARY KEY (team_a_id, team_b_id),
	CHECK (team_a_id < team_b_id)
);

CREATE TABLE venues (
	id serial PRIMARY KEY,
	key text NOT NULL UNIQUE,
	name text NOT NULL,
	city text,
	country_code text,
	time_zone text,
	capacity integer
);

CREATE TABLE matches (
	id serial PRIMARY KEY,
	season_id integer NOT NULL REFERENCES seasons(id) ON DELETE CASCADE,
	source_key text NOT NULL,
	round text NOT NULL,
	stage text NOT NULL CHECK (stage IN ('regular', 'group', 'league_phase', 'playoff', 'knockout')),
	group_name text,
	matchday integer,
	match_number integer,
	home_team_id integer NOT NULL REFERENCES teams(id),
	away_team_id integer NOT NULL REFERENCES teams(id),
	venue_id integer REFERENCES venues(id),
	kickoff_at timestamptz NOT NULL,
	kickoff_time_known boolean NOT NULL DEFAULT true,
	status text NOT NULL CHECK (status IN ('scheduled', 'live', 'half_time', 'finished',
		'finished_aet', 'finished_pen', 'postponed', 'cancelled', 'abandoned', 'awarded',
		'result_unknown')),
	minute integer,
	ht_home integer, ht_away integer,
	ft_home integer, ft_away integer,
	et_home integer, et_away integer,
	pen_home integer, pen_away integer,
	winner text CHECK (winner IN ('home', 'away', 'draw')),
	version integer NOT NULL DEFAULT 1,
	updated_at timestamptz NOT NULL DEFAULT now(),
	UNIQUE (season_id, source_key)
);
CREATE INDEX matches_kickoff_idx ON matches (kickoff_at);
CREATE INDEX matches_season_kickoff_idx ON matches (season_id, kickoff_at);
CREATE INDEX matches_home_kickoff_idx ON matches (home_team_id, kickoff_at);
CREATE INDEX matches_away_kickoff_idx ON matches (away_team_id, kickoff_at);
CREATE INDEX matches_live_idx ON matches (status) WHERE status IN ('live', 'half_time');

CREATE TABLE match_events (
	id serial PRIMARY KEY,
	match_id integer NOT NULL REFERENCES matches(id) ON DELETE CASCADE,
	seq integer NOT NULL,
	type text NOT NULL CHECK (type IN ('goal', 'card', 'substitution')),
	team_id integer REFERENCES teams(id),
	player_name text,
	minute integer,
	stoppage integer,
	penalty boolean NOT NULL DEFAULT false,
	own_goal boolean NOT NULL DEFAULT false,
	card text CHECK (card IN ('yellow', 'red', 'second_yellow')),
	player_in text,
	player_out text,
	UNIQUE (match_id, seq)
);
CREATE INDEX match_events_team_idx ON match_events (team_id) WHERE type = 'goal';

CREATE TABLE players (
	id serial PRIMARY KEY,
	key text NOT NULL UNIQUE,
	name text NOT NULL,
	date_of_birth date,
	position text,
	club_name text,
	club_country text
);

CREATE TABLE squads (
	season_id integer NOT NULL REFERENCES seasons(id) ON DELETE CASCADE,
	team_id integer NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
	player_id integer NOT NULL REFERENCES players(id) ON DELETE CASCADE,
	shirt_number integer,
	position text,
	PRIMARY KEY (season_id, team_id, player_id)
);
CREATE INDEX squads_team_idx ON squads (team_id);

CREATE TABLE lineups (
	match_id integer NOT NULL REFERENCES matches(id) ON DELETE CASCADE,
	team_id integer NOT NULL REFERENCES teams(id),
	player_name text NOT NULL,
	player_id integer REFERENCES players(id),
	shirt_number integer,
	position text,
	starter boolean NOT NULL DEFAULT true,
	PRIMARY KEY (match_id, team_id, player_name)
);

CREATE TABLE page_views (
	match_id integer NOT NULL REFERENCES matches(id) ON DELETE CASCADE,
	day date NOT NULL,
	count integer NOT NULL DEFAULT 0,
	PRIMARY KEY (match_id, day)
);
CREATE INDEX page_views_day_idx ON page_views (day);
`,
};
