import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LiveTeam } from '~/lib/live/match-state';
import { nameLiveMatch, type LiveNames } from '~/lib/live/names';

// Issue 12: the live stream is one for every locale and names teams as the data does. A
// match the page painted keeps the visitor's names; one first met in the stream is named
// in the browser (Intl.DisplayNames for national teams, the page's translations otherwise).

const storage = new Map<string, string>();
type LiveModule = typeof import('~/stores/live');
let live: LiveModule;

const de: LiveNames = {
	lang: 'de-DE',
	nations: { ENG: 'England', SCO: 'Schottland' },
	competitions: { euro: 'UEFA-Europameisterschaft' },
};
const match = (id: string, home: LiveTeam, away: LiveTeam) => ({
	matchId: id,
	status: 'live' as const,
	minute: 10,
	score: { home: 0, away: 0 },
	home,
	away,
	competition: { id: 11, slug: 'euro', name: 'UEFA European Championship' },
	isReplay: true,
	version: 5,
	timeline: [],
});

beforeAll(async () => {
	vi.stubGlobal('window', new EventTarget());
	vi.stubGlobal('navigator', { onLine: true });
	vi.stubGlobal('localStorage', {
		getItem: (k: string) => storage.get(k) ?? null,
		setItem: (k: string, v: string) => void storage.set(k, v),
		removeItem: (k: string) => void storage.delete(k),
	});
	vi.resetModules();
	live = await import('~/stores/live');
});
afterAll(() => vi.unstubAllGlobals());
beforeEach(() => {
	live.resetLiveForTests();
	live.$liveMatches.set({});
});

describe("issue 12: live names in the visitor's language", () => {
	it('names national teams through Intl.DisplayNames and the home nations from the page', () => {
		const m = nameLiveMatch(
			match(
				'1',
				{ id: 1, name: 'Germany', region: 'DE' },
				{ id: 2, name: 'Scotland', region: 'SCO' },
			),
			de,
		);
		expect([m.home.name, m.away.name]).toEqual(['Deutschland', 'Schottland']);
		expect(m.competition?.name).toBe('UEFA-Europameisterschaft');
		const club = nameLiveMatch(
			match('2', { id: 3, name: 'Liverpool FC', region: null }, { id: 4, name: 'Everton FC' }),
			de,
		);
		expect(club.home.name).toBe('Liverpool FC');
		expect(nameLiveMatch(club, null)).toBe(club);
	});

	it('a stream snapshot keeps the names the page painted and names new matches', () => {
		live.seedMatches(
			[
				match(
					'1',
					{ id: 1, name: 'Deutschland', region: 'DE' },
					{ id: 2, name: 'Schottland', region: 'SCO' },
				),
			],
			de,
		);
		live.applyLiveMessage('snapshot', {
			matches: [
				{
					...match(
						'1',
						{ id: 1, name: 'Germany', region: 'DE' },
						{ id: 2, name: 'Scotland', region: 'SCO' },
					),
					version: 6,
				},
				match(
					'2',
					{ id: 5, name: 'Switzerland', region: 'CH' },
					{ id: 6, name: 'Hungary', region: 'HU' },
				),
			],
		});
		const held = live.$liveMatches.get();
		expect([held['1']!.home.name, held['1']!.away.name]).toEqual(['Deutschland', 'Schottland']);
		expect([held['2']!.home.name, held['2']!.away.name]).toEqual(['Schweiz', 'Ungarn']);
	});

	it("in English (no names given) the data's names stay", () => {
		live.seedMatches([], null);
		live.applyLiveMessage('snapshot', {
			matches: [
				match(
					'3',
					{ id: 5, name: 'Switzerland', region: 'CH' },
					{ id: 6, name: 'Hungary', region: 'HU' },
				),
			],
		});
		expect(live.$liveMatches.get()['3']!.home.name).toBe('Switzerland');
	});
});
