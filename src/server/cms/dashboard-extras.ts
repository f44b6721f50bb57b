import { sql } from 'drizzle-orm';
import { now } from '../clock';
import { getDb } from '../db/client';
import { rowsOf } from '../db/rows';
import { readAudit } from './audit';
import type { Actor } from './guard';
import { can } from '~/lib/cms/roles';

/**
 * The dashboard's other cards, each only for the roles that can act on it (null otherwise):
 * streams going live within 24 hours (streams have no start time of their own: a live
 * stream attached to a match starts with the match's kick-off), news drafts waiting, and
 * the ten newest audit entries (admins).
 */
export interface SoonStream {
	id: string;
	title: string;
	matchId: number;
	match: string;
	startsAt: string;
}
export interface WaitingDraft {
	id: number;
	title: string;
	updatedAt: string;
}
export interface RecentAudit {
	id: number;
	actor: string;
	action: string;
	target: string;
	at: string;
}
export interface DashboardExtras {
	streams: SoonStream[] | null;
	drafts: WaitingDraft[] | null;
	audit: RecentAudit[] | null;
}

export const SOON_HOURS = 24;

async function soonStreams(): Promise<SoonStream[]> {
	const db = await getDb();
	const at = new Date(now()).toISOString();
	return rowsOf<{
		id: string;
		title: string;
		match_id: number;
		home: string;
		away: string;
		kickoff_at: Date | string;
	}>(
		await db.execute(sql`SELECT s.id, s.title, m.id AS match_id, h.name AS home, a.name AS away,
			m.kickoff_at FROM streams s JOIN matches m ON m.id = s.match_id
			JOIN teams h ON h.id = m.home_team_id JOIN teams a ON a.id = m.away_team_id
			WHERE s.kind = 'live' AND m.status = 'scheduled'
			AND m.kickoff_at >= ${at}::timestamptz
			AND m.kickoff_at < ${at}::timestamptz + make_interval(hours => ${SOON_HOURS})
			ORDER BY m.kickoff_at, s.id LIMIT 20`),
	).map((r) => ({
		id: r.id,
		title: r.title,
		matchId: Number(r.match_id),
		match: `${r.home} – ${r.away}`,
		startsAt: new Date(r.kickoff_at).toISOString(),
	}));
}

/** Drafts, newest change first; the title in the visitor's language, else English. */
async function waitingDrafts(locale: string): Promise<WaitingDraft[]> {
	const db = await getDb();
	return rowsOf<{ id: number; title: string | null; updated_at: Date | string }>(
		await db.execute(sql`SELECT n.id, coalesce(l.title, e.title) AS title, n.updated_at
			FROM news_articles n
			LEFT JOIN news_translations l ON l.article_id = n.id AND l.locale = ${locale}
			LEFT JOIN news_translations e ON e.article_id = n.id AND e.locale = 'en'
			WHERE n.state = 'draft' ORDER BY n.updated_at DESC, n.id DESC LIMIT 10`),
	).map((r) => ({
		id: Number(r.id),
		title: r.title ?? `#${r.id}`,
		updatedAt: new Date(r.updated_at).toISOString(),
	}));
}

export async function dashboardExtras(actor: Actor, locale: string): Promise<DashboardExtras> {
	const [streams, drafts, audit] = await Promise.all([
		can(actor.scope, 'streams.edit') ? soonStreams() : null,
		can(actor.scope, 'news.edit') ? waitingDrafts(locale) : null,
		can(actor.scope, 'audit.read') ? readAudit({ limit: 10 }) : null,
	]);
	return {
		streams,
		drafts,
		audit:
			audit?.map((r) => ({
				id: r.id,
				actor: r.actorEmail,
				action: r.action,
				target: r.target,
				at: new Date(r.createdAt).toISOString(),
			})) ?? null,
	};
}
