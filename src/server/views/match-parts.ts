/**
 * Parts of the match centre ready to render: the timeline, the line-ups and the
 * head-to-head record (also on the head-to-head page).
 */
import type { Translate } from '~/i18n/server';
import type { LineupEntry, MatchEvent } from '~/server/football/queries/match-detail';
import type { HeadToHead } from '~/server/football/tables/head-to-head';

export interface TimelineItem {
	type: MatchEvent['type'];
	/** 'home', 'away' or 'none': the side the event is drawn on. */
	side: 'home' | 'away' | 'none';
	/** "45+2'", "" when unknown. */
	minute: string;
	/** The CSS icon (drawn with CSS: emoji fonts are not installed everywhere). */
	icon: 'i-goal' | 'i-yellow' | 'i-red' | 'i-sub';
	/** "Goal", "Yellow card", "Substitution". */
	kind: string;
	/** Who: "Messi (penalty)", "Di María for Acuña". */
	text: string;
}

export interface LineUpSide {
	name: string;
	/** Starters, then the bench; a group without players is left out. */
	groups: {
		heading: string;
		players: { shirt: string; name: string; position: string | null }[];
	}[];
}

export interface H2HSummaryView {
	team1Wins: { label: string; value: number };
	draws: number;
	team2Wins: { label: string; value: number };
	team1Goals: number;
	team2Goals: number;
	played: number;
}

const minuteOf = (e: Pick<MatchEvent, 'minute' | 'stoppage'>) =>
	e.minute === null ? '' : e.stoppage ? `${e.minute}+${e.stoppage}'` : `${e.minute}'`;

function describe(e: MatchEvent, t: Translate): string {
	if (e.type === 'goal') {
		const notes = [
			e.penalty ? t('football:match.penalty') : '',
			e.ownGoal ? t('football:match.ownGoal') : '',
		]
			.filter(Boolean)
			.join(', ');
		return notes ? `${e.player ?? ''} (${notes})` : (e.player ?? '');
	}
	if (e.type === 'card') return `${e.player ?? ''}`;
	return t('football:match.substitution', { in: e.playerIn ?? '', out: e.playerOut ?? '' });
}

export function timelineView(events: readonly MatchEvent[], t: Translate): TimelineItem[] {
	return events.map((e) => ({
		type: e.type,
		side: e.side ?? 'none',
		minute: minuteOf(e),
		icon:
			e.type === 'goal'
				? 'i-goal'
				: e.type === 'card'
					? e.card === 'yellow'
						? 'i-yellow'
						: 'i-red'
					: 'i-sub',
		kind:
			e.type === 'goal'
				? t('football:match.goal')
				: e.type === 'card'
					? t(`football:match.card.${e.card ?? 'yellow'}`)
					: t('football:match.sub'),
		text: describe(e, t),
	}));
}

/** A goal in a compact list (the embed): scorer and minute, on their team's side. */
export interface GoalItem {
	side: string;
	player: string | null;
	minute: number | null;
	/** "+2" in stoppage time, else "". */
	stoppage: string;
}

export function goalsView(events: readonly MatchEvent[]): GoalItem[] {
	return (
		events
			// A goal under review counts nowhere yet (the scoring console's hold).
			.filter((e) => e.type === 'goal' && !e.underReview)
			.map((g) => ({
				side: g.side ?? '',
				player: g.player,
				minute: g.minute,
				stoppage: g.stoppage ? `+${g.stoppage}` : '',
			}))
	);
}

export function lineUpsView(
	lineups: readonly LineupEntry[],
	teams: readonly { id: number; name: string }[],
	t: Translate,
): LineUpSide[] {
	return teams.map((team) => {
		const mine = lineups.filter((l) => l.teamId === team.id);
		return {
			name: team.name,
			groups: [true, false]
				.map((starter) => ({
					heading: starter ? t('football:match.starters') : t('football:match.bench'),
					players: mine
						.filter((l) => l.starter === starter)
						.map((l) => ({
							shirt: String(l.shirtNumber ?? ''),
							name: l.player,
							position: l.position,
						})),
				}))
				.filter((g) => g.players.length > 0),
		};
	});
}

export function h2hSummaryView(h2h: HeadToHead, t: Translate): H2HSummaryView {
	return {
		team1Wins: { label: t('football:h2h.winsOf', { team: h2h.team1.name }), value: h2h.team1Wins },
		draws: h2h.draws,
		team2Wins: { label: t('football:h2h.winsOf', { team: h2h.team2.name }), value: h2h.team2Wins },
		team1Goals: h2h.team1Goals,
		team2Goals: h2h.team2Goals,
		played: h2h.played,
	};
}
