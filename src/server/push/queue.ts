import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { rowsOf } from '../db/rows';
import { type AlertMatch, alertKindOf, composeAlerts } from './alerts';

/** A live alert older than this is useless (a goal minutes late): dropped, not sent. */
export const ALERT_TTL_S = 180;
const SCAN_BATCH = 200;

/**
 * Reads the live-event log past the cursor and queues one alert per (subscription, event)
 * for every alert-worthy event, in ONE transaction that also moves the cursor: a crash
 * anywhere (kill -9 between the live commit and any send included) resumes at the same
 * events, and the unique key (subscription, event) keeps a second pass from queueing twice.
 * Several processes may run it at once: the cursor row is locked for the pass.
 * Returns the number of alerts queued.
 */
export async function queueAlerts(db: Database): Promise<number> {
	return db.transaction(async (tx) => {
		await tx.execute(
			sql`INSERT INTO push_cursor (id, last_event_id) VALUES (1, 0) ON CONFLICT DO NOTHING`,
		);
		const [cursor] = rowsOf<{ last: number }>(
			await tx.execute(sql`SELECT last_event_id AS last FROM push_cursor WHERE id = 1 FOR UPDATE`),
		);
		const events = rowsOf<{
			id: number;
			match_id: string;
			kind: string;
			payload: Record<string, unknown>;
			created_at: Date | string;
		}>(
			await tx.execute(sql`SELECT id, match_id, kind, payload, created_at FROM live_events
				WHERE id > ${Number(cursor?.last ?? 0)} ORDER BY id LIMIT ${SCAN_BATCH}`),
		);
		let queued = 0;
		for (const event of events) {
			const payload = typeof event.payload === 'string' ? JSON.parse(event.payload) : event.payload;
			const kind = alertKindOf(event.kind, payload);
			if (!kind || !/^\d{1,9}$/.test(event.match_id)) continue;
			// A replay of a past match is not news: nobody is alerted.
			if (payload['isReplay'] === true) continue;
			const matchId = Number(event.match_id);
			const [match] = rowsOf<AlertMatch & { home_id: number; away_id: number }>(
				await tx.execute(sql`SELECT m.id, th.name AS home, ta.name AS away,
						m.home_team_id AS home_id, m.away_team_id AS away_id
					FROM matches m JOIN teams th ON th.id = m.home_team_id
					JOIN teams ta ON ta.id = m.away_team_id WHERE m.id = ${matchId}`),
			);
			if (!match) continue;
			const texts = composeAlerts(kind, Number(event.id), match, payload);
			const createdAt = new Date(event.created_at);
			const expires = new Date(createdAt.getTime() + ALERT_TTL_S * 1000);
			// The text once per language and wording (20 rows), then one narrow row per
			// subscriber in one statement, whatever their number, unless in their quiet hours
			// now. A subscription following both the match and a team in it matches once
			// (a semi-join, no sort); the unique key still refuses a second pass.
			const variants = Object.entries(texts).flatMap(([locale, t]) =>
				([false, true] as const).map(
					(safe) =>
						sql`(${Number(event.id)}, ${locale}, ${safe}, ${JSON.stringify(safe ? t.safe : t.full)}::jsonb)`,
				),
			);
			await tx.execute(sql`INSERT INTO push_alerts (event_id, locale, safe, payload)
				VALUES ${sql.join(variants, sql`, `)} ON CONFLICT DO NOTHING`);
			const result = await tx.execute(sql`
				INSERT INTO push_outbox (subscription_id, event_id, match_id, expires_at)
				SELECT s.id, ${Number(event.id)}, ${matchId}, ${expires.toISOString()}::timestamptz
				FROM push_subscriptions s
				WHERE s.id IN (SELECT pt.subscription_id FROM push_targets pt
						WHERE ((pt.kind = 'match' AND pt.target_id = ${matchId})
							OR (pt.kind = 'team' AND pt.target_id IN (${match.home_id}, ${match.away_id})))
						AND ${kind} = ANY(pt.kinds))
					AND NOT (s.quiet_from IS NOT NULL AND s.quiet_to IS NOT NULL AND (
						WITH local AS (SELECT (EXTRACT(HOUR FROM now() AT TIME ZONE s.time_zone) * 60
							+ EXTRACT(MINUTE FROM now() AT TIME ZONE s.time_zone))::int AS m)
						SELECT CASE WHEN s.quiet_from <= s.quiet_to
							THEN m >= s.quiet_from AND m < s.quiet_to
							ELSE m >= s.quiet_from OR m < s.quiet_to END FROM local))
				ON CONFLICT (subscription_id, event_id) DO NOTHING`);
			queued += affected(result);
		}
		const last = events.at(-1);
		if (last) {
			await tx.execute(sql`UPDATE push_cursor SET last_event_id = ${Number(last.id)} WHERE id = 1`);
		}
		return queued;
	});
}

/** Rows a statement touched, on both drivers. */
function affected(result: unknown): number {
	const r = result as { affectedRows?: number; count?: number; rowCount?: number };
	return Number(r.affectedRows ?? r.count ?? r.rowCount ?? 0);
}

/** Makes the cursor start at the end of the log (a new deployment alerts nobody about history). */
export async function startCursorAtEnd(db: Database): Promise<void> {
	await db.execute(sql`INSERT INTO push_cursor (id, last_event_id)
		SELECT 1, COALESCE(MAX(id), 0) FROM live_events ON CONFLICT DO NOTHING`);
}
