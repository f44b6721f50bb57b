import { describe, expect, it } from 'vitest';
import { settingsProblems } from '~/server/config';
import { alertKindOf, composeAlerts } from '~/server/push/alerts';
import { backoffSeconds } from '~/server/push/sender';

describe('alerts from live events', () => {
	it('maps goals, red cards, kick-off, half and full time; nothing else alerts', () => {
		expect(alertKindOf('event', { entry: { type: 'penalty_goal' } })).toBe('goal');
		expect(alertKindOf('event', { entry: { type: 'second_yellow' } })).toBe('red');
		expect(alertKindOf('event', { entry: { type: 'substitution' } })).toBeNull();
		expect(alertKindOf('status', { status: 'live', minute: 0 })).toBe('kickoff');
		expect(alertKindOf('status', { status: 'live', minute: 46 })).toBeNull();
		expect(alertKindOf('status', { status: 'half_time' })).toBe('ht');
		expect(alertKindOf('status', { status: 'finished_pen' })).toBe('ft');
		expect(alertKindOf('stats', {})).toBeNull();
	});

	it('writes each alert in every language, spoiler-safe without score or scorer', () => {
		const texts = composeAlerts(
			'goal',
			41,
			{ id: 7, home: 'Spain', away: 'Italy' },
			{
				score: { home: 2, away: 1 },
				entry: { minute: 88, player: 'Ana Goleadora' },
			},
		);
		expect(texts.es.full.body).toBe('¡Gol! Ana Goleadora 88′ · Spain 2–1 Italy');
		expect(texts.es.full.url).toBe('/es/match/7#event-41');
		expect(texts.es.full.tag).toBe('match-7');
		for (const locale of Object.keys(texts) as (keyof typeof texts)[]) {
			expect(texts[locale].safe.body, locale).not.toMatch(/2–1|Goleadora/);
			expect(texts[locale].full.body, locale).toContain('Goleadora');
		}
	});

	it('backs off 5, 10, 20, 40 seconds', () => {
		expect([1, 2, 3, 4].map(backoffSeconds)).toEqual([5, 10, 20, 40]);
	});
});

describe('VAPID settings', () => {
	const pair = {
		VAPID_PUBLIC_KEY: `B${'A'.repeat(86)}`,
		VAPID_PRIVATE_KEY: 'a'.repeat(43),
		VAPID_SUBJECT: 'mailto:ops@example.com',
	};
	it('accepts all three or none', () => {
		expect(settingsProblems({ NODE_ENV: 'development', ...pair })).toEqual([]);
		expect(settingsProblems({ NODE_ENV: 'development' })).toEqual([]);
	});
	it('refuses a bad key or subject naming the setting, and a partial set', () => {
		expect(settingsProblems({ ...pair, VAPID_SUBJECT: 'http://example.com' }).join()).toContain(
			'VAPID_SUBJECT',
		);
		expect(settingsProblems({ ...pair, VAPID_PUBLIC_KEY: 'short' }).join()).toContain(
			'VAPID_PUBLIC_KEY',
		);
		expect(settingsProblems({ VAPID_PUBLIC_KEY: pair.VAPID_PUBLIC_KEY }).join()).toContain(
			'set all three or none',
		);
	});
});
