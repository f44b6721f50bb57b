import { sql } from 'drizzle-orm';
import { cached } from '~/server/cache/data-cache';
import { LISTS_TAG } from '~/server/cache/tags';
import { queryDoc } from './doc';

/**
 * The id used by the widget page's example and by `/embed/lineup` without an id: the
 * latest finished match with line-ups, else the latest finished match with goal events
 * (the shipped data has scorers but rarely line-ups). Null when the database is empty.
 */
export function exampleMatchId(): Promise<number | null> {
	return cached('pages:embed-example', 300_000, [LISTS_TAG], async () =>
		queryDoc<number | null>(sql`SELECT coalesce(
			(SELECT l.match_id FROM lineups l JOIN matches m ON m.id = l.match_id ORDER BY m.kickoff_at DESC LIMIT 1),
			(SELECT e.match_id FROM match_events e JOIN matches m ON m.id = e.match_id
				WHERE m.status IN ('finished', 'finished_aet', 'finished_pen') ORDER BY m.kickoff_at DESC LIMIT 1),
			(SELECT m.id FROM matches m ORDER BY m.kickoff_at DESC LIMIT 1)) AS doc`),
	);
}
