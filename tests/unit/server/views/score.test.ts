import { describe, expect, it } from 'vitest';
import type { MatchSummary } from '~/server/football/queries/shape';
import { outcomeFor, shownScore } from '~/server/views/score';

function match(partial: Partial<MatchSummary>): MatchSummary {
	return {
		id: 1,
		kickoffAt: new Date('2022-12-18T15:00:00Z'),
		kickoffTimeKnown: true,
		status: 'finished',
		minute: null,
		competition: {
			id: 1,
			code: 'world.cup',
			slug: 'world-cup',
			name: 'FIFA World Cup',
			type: 'tournament',
			areaName: 'World',
		},
		season: { id: 1, label: '2022' },
		round: 'Final',
		stage: 'knockout',
		groupName: null,
		matchday: null,
		home: {
			id: 10,
			name: 'Argentina',
			shortName: 'Argentina',
			slug: 'argentina',
			tla: 'ARG',
			isNational: true,
			colours: { primary: '#75aadb', secondary: '#ffffff' },
		},
		away: {
			id: 20,
			name: 'France',
			shortName: 'France',
			slug: 'france',
			tla: 'FRA',
			isNational: true,
			colours: { primary: '#002395', secondary: '#ffffff' },
		},
		score: { ht: [2, 0], ft: [2, 2], et: [3, 3], pen: [4, 2] },
		winner: 'home',
		version: 1,
		updatedAt: new Date(),
		isReplay: false,
		...partial,
	};
}

describe('scores and outcomes', () => {
	it('shows the extra-time score and the shoot-out of a final decided on penalties', () => {
		expect(shownScore(match({ status: 'finished_pen' }))).toEqual({
			home: 3,
			away: 3,
			decided: 'pen',
			pen: [4, 2],
		});
	});

	it('shows no score before kick-off or for an unknown result', () => {
		expect(
			shownScore(
				match({ status: 'scheduled', score: { ht: null, ft: null, et: null, pen: null } }),
			),
		).toBeNull();
		expect(
			shownScore(
				match({ status: 'result_unknown', score: { ht: null, ft: null, et: null, pen: null } }),
			),
		).toBeNull();
	});

	it('shows a live score', () => {
		const live = match({ status: 'live', score: { ht: null, ft: [1, 0], et: null, pen: null } });
		expect(shownScore(live)).toEqual({ home: 1, away: 0, decided: 'ft', pen: null });
	});

	it('gives each side its outcome', () => {
		const m = match({ status: 'finished_pen' });
		expect(outcomeFor(m, 10)).toBe('W');
		expect(outcomeFor(m, 20)).toBe('L');
		expect(outcomeFor(m, 99)).toBeNull();
		const draw = match({
			status: 'finished',
			score: { ht: null, ft: [1, 1], et: null, pen: null },
			winner: 'draw',
		});
		expect(outcomeFor(draw, 20)).toBe('D');
		expect(outcomeFor(match({ status: 'scheduled', winner: null }), 10)).toBeNull();
	});
});
