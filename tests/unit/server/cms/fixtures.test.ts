import { describe, expect, it } from 'vitest';
import {
	competitionBody,
	fixtureBody,
	fixtureFromForm,
	isKnownTimeZone,
	parseFixtureFilter,
	slugify,
	teamBody,
} from '~/lib/cms/fixtures';
import { can } from '~/lib/cms/roles';
import { kickoffInstant, kickoffZone, localKickoff } from '~/server/cms/fixture-kickoff';

const base = {
	seasonId: 1,
	homeTeamId: 2,
	awayTeamId: 3,
	round: 'Matchday 1',
	kickoffDate: '2026-12-20',
	kickoffTime: '15:30',
};
const fields = (r: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }) =>
	r.error?.issues.map((i) => String(i.path[0])) ?? [];

describe('fixture rules', () => {
	it('a team cannot play itself', () => {
		const r = fixtureBody.safeParse({ ...base, awayTeamId: 2 });
		expect(r.success).toBe(false);
		expect(fields(r)).toEqual(['awayTeamId']);
		expect(fixtureBody.safeParse(base).success).toBe(true);
	});

	it('needs a season and real dates, times and zones', () => {
		const { seasonId: _s, ...noSeason } = base;
		expect(fields(fixtureBody.safeParse(noSeason))).toEqual(['seasonId']);
		expect(fields(fixtureBody.safeParse({ ...base, kickoffDate: '2026-02-30' }))).toEqual([
			'kickoffDate',
		]);
		expect(fields(fixtureBody.safeParse({ ...base, kickoffTime: '24:00' }))).toEqual([
			'kickoffTime',
		]);
		expect(fields(fixtureBody.safeParse({ ...base, timeZone: 'Europe/Nowhere' }))).toEqual([
			'timeZone',
		]);
		expect(fields(fixtureBody.safeParse({ ...base, round: '   ' }))).toEqual(['round']);
		expect(fields(fixtureBody.safeParse({ ...base, round: 'a\u0000b' }))).toEqual(['round']);
		expect(fixtureBody.safeParse({ ...base, extra: 1 }).success).toBe(false);
	});

	it('checks zones with Intl', () => {
		expect(isKnownTimeZone('Europe/Berlin')).toBe(true);
		expect(isKnownTimeZone('UTC')).toBe(true);
		// The shipped venues' fixed offsets, which the edit form starts from.
		expect(isKnownTimeZone('UTC+3')).toBe(true);
		expect(isKnownTimeZone('UTC-04:30')).toBe(true);
		expect(isKnownTimeZone('Mars/Olympus')).toBe(false);
		expect(isKnownTimeZone('')).toBe(false);
		expect(isKnownTimeZone('<script>')).toBe(false);
	});

	it('reads a form post like the JSON body (empty fields absent, digits numbers)', () => {
		const form = new FormData();
		for (const [k, v] of Object.entries({ ...base, venueId: '', matchday: '4', timeZone: ' ' }))
			form.set(k, String(v));
		const r = fixtureBody.safeParse(fixtureFromForm(form));
		expect(r.success).toBe(true);
		expect(r.data).toMatchObject({ seasonId: 1, venueId: null, matchday: 4, stage: 'regular' });
		expect(r.data?.timeZone).toBeUndefined();
		form.set('homeTeamId', 'x');
		expect(fields(fixtureBody.safeParse(fixtureFromForm(form)))).toEqual(['homeTeamId']);
	});

	it('makes slugs from names and checks given ones', () => {
		expect(slugify('FC Köln – Zweite!')).toBe('fc-koln-zweite');
		expect(slugify('***')).toBe('');
		expect(teamBody.parse({ name: 'Real Oviedo' })).toMatchObject({
			slug: 'real-oviedo',
			shortName: 'Real Oviedo',
		});
		expect(fields(teamBody.safeParse({ name: 'X', slug: 'Bad Slug' }))).toEqual(['slug']);
		expect(fields(teamBody.safeParse({ name: '!!!' }))).toEqual(['slug']);
		expect(fields(teamBody.safeParse({ name: 'X', tla: 'ABCD' }))).toEqual(['tla']);
		expect(
			competitionBody.parse({
				name: 'Liga Test',
				code: 'lt1',
				type: 'league',
				areaName: 'Spain',
				areaCode: 'esp',
				timeZone: 'Europe/Madrid',
				seasonLabel: '2026-27',
			}),
		).toMatchObject({ code: 'LT1', areaCode: 'ESP', slug: 'liga-test' });
	});

	it('parses the list filter', () => {
		expect(
			parseFixtureFilter(new URLSearchParams('competition=3&from=2026-12-01&page=2')).data,
		).toEqual({
			competition: 3,
			from: '2026-12-01',
			page: 2,
		});
		expect(parseFixtureFilter(new URLSearchParams('from=yesterday')).success).toBe(false);
	});

	it('lets admins and editors edit fixtures, not scorers or fans', () => {
		expect(can(['user', 'admin'], 'fixtures.edit')).toBe(true);
		expect(can(['user', 'editor'], 'fixtures.edit')).toBe(true);
		expect(can(['user', 'scorer'], 'fixtures.edit')).toBe(false);
		expect(can(['user'], 'fixtures.edit')).toBe(false);
	});
});

describe('kick-off instants', () => {
	it('stores a Berlin kick-off in UTC, winter and summer', () => {
		expect(kickoffInstant('2026-12-20', '15:30', 'Europe/Berlin')).toEqual({
			ok: true,
			at: new Date('2026-12-20T14:30:00Z'),
		});
		expect(kickoffInstant('2026-07-01', '21:00', 'Europe/Berlin')).toEqual({
			ok: true,
			at: new Date('2026-07-01T19:00:00Z'),
		});
	});

	it('reads a fixed offset zone like the shipped venues’', () => {
		expect(kickoffInstant('2030-01-15', '18:00', 'UTC+3')).toEqual({
			ok: true,
			at: new Date('2030-01-15T15:00:00Z'),
		});
	});

	it('refuses a wall time in the spring-forward gap; an autumn repeat is its first occurrence', () => {
		expect(kickoffInstant('2027-03-28', '02:30', 'Europe/Berlin')).toEqual({
			ok: false,
			reason: 'gap',
		});
		expect(kickoffInstant('2027-03-28', '03:00', 'Europe/Berlin').ok).toBe(true);
		expect(kickoffInstant('2026-03-08', '02:15', 'America/New_York').ok).toBe(false);
		expect(kickoffInstant('2026-10-25', '02:30', 'Europe/Berlin')).toEqual({
			ok: true,
			at: new Date('2026-10-25T00:30:00Z'),
		});
	});

	it('defaults to the venue’s zone, else UTC, and shows an instant back in a zone', () => {
		expect(kickoffZone(undefined, 'Asia/Tokyo')).toBe('Asia/Tokyo');
		expect(kickoffZone(undefined, null)).toBe('UTC');
		expect(kickoffZone('Europe/Berlin', 'Asia/Tokyo')).toBe('Europe/Berlin');
		expect(localKickoff(new Date('2026-12-20T23:30:00Z'), 'Asia/Tokyo')).toEqual({
			date: '2026-12-21',
			time: '08:30',
		});
	});
});
