/**
 * The live-event log. `id` is the order clients see: writers take an advisory lock before
 * inserting (see src/server/live/apply.ts), so ids are assigned and committed in the same
 * order and a reader that has seen id N has seen every committed id below N.
 * `match_id` is text and carries no foreign key: the log must stay readable whatever the
 * football schema does, and replays of deleted matches still answer with a snapshot.
 */
export const sql = `
CREATE TABLE IF NOT EXISTS live_events (
	id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
	match_id text NOT NULL,
	kind text NOT NULL,
	payload jsonb NOT NULL DEFAULT '{}'::jsonb,
	created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS live_events_match_id_id_idx ON live_events (match_id, id);
CREATE INDEX IF NOT EXISTS live_events_created_at_idx ON live_events (created_at);
`;

export default { id: '0300_live_events', sql };
