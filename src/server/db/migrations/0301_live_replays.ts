/**
 * Matches the replay feed is currently playing back "as if live". The row keeps the
 * match's true final state so it can be restored when the replay ends, or at start-up
 * after a crash. `/api/v1/matches` can join on it to mark `isReplay`.
 */
export const sql = `
CREATE TABLE IF NOT EXISTS live_replays (
	match_id integer PRIMARY KEY,
	original jsonb NOT NULL,
	started_at timestamptz NOT NULL DEFAULT now()
);
`;

export default { id: '0301_live_replays', sql };
