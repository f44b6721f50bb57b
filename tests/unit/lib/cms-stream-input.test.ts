import { describe, expect, it } from 'vitest';
import { can } from '~/lib/cms/roles';
import {
	COUNTRY_CODES,
	checkHlsSource,
	isRemoteSource,
	newStream,
	streamFields,
} from '~/lib/cms/stream-input';
import { CMS_OPENAPI } from '~/server/cms/openapi';

const base = {
	kind: 'highlight',
	title: 'Goals',
	plans: [],
	countries: null,
	hlsSource: 'demo-highlight/index.m3u8',
};
const fieldsOf = (value: unknown) => {
	const r = streamFields.safeParse(value);
	return r.success ? [] : r.error.issues.map((i) => i.path.join('.'));
};

describe('the HLS source', () => {
	it.each([
		['demo-tv/index.m3u8', 'demo-tv/index.m3u8'],
		['/media/demo-tv/index.m3u8', 'demo-tv/index.m3u8'],
		['  club/2026/final/index.m3u8 ', 'club/2026/final/index.m3u8'],
		[
			'https://cdn.example.com/live/master.m3u8?token=1',
			'https://cdn.example.com/live/master.m3u8?token=1',
		],
	])('accepts %s', (raw, stored) => {
		expect(checkHlsSource(raw)).toEqual({ ok: true, value: stored });
	});

	it.each([
		'javascript:alert(1)//index.m3u8',
		'JaVaScRiPt:alert(1)',
		'data:application/vnd.apple.mpegurl;base64,I0VYVE0zVQ==',
		'http://cdn.example.com/x.m3u8',
		'ftp://cdn.example.com/x.m3u8',
		'//cdn.example.com/x.m3u8',
		'https://user:secret@cdn.example.com/x.m3u8',
		'https://token@cdn.example.com/x.m3u8',
		'https://cdn.example.com/x.mp4',
		'../etc/index.m3u8',
		'demo-tv/../../index.m3u8',
		'demo-tv/other.m3u8',
		'index.m3u8',
		'news/index.m3u8',
		'demo tv/index.m3u8',
		'demo-tv\\index.m3u8',
		'demo-tv/index.m3u8\u0000',
		'demo-%2e%2e/index.m3u8',
		'',
	])('refuses %j', (raw) => {
		expect(checkHlsSource(raw).ok).toBe(false);
	});

	it('tells an outside source from a media-folder path', () => {
		expect(isRemoteSource('https://cdn.example.com/a.m3u8')).toBe(true);
		expect(isRemoteSource('demo-tv/index.m3u8')).toBe(false);
	});
});

describe('the stream body', () => {
	it('normalises territories: upper case, sorted, once each; empty means everywhere', () => {
		const r = streamFields.parse({ ...base, countries: ['de', 'AT', 'DE'] });
		expect(r.countries).toEqual(['AT', 'DE']);
		expect(streamFields.parse({ ...base, countries: [] }).countries).toBeNull();
	});

	it('refuses codes that are not ISO 3166-1 alpha-2 assignments', () => {
		expect(COUNTRY_CODES.size).toBe(249);
		for (const code of ['XX', 'EU', 'UK', 'D', 'DEU', '12'])
			expect(fieldsOf({ ...base, countries: [code] })).toEqual(['countries.0']);
	});

	it('refuses a plan named twice, and a plan id that is not one', () => {
		expect(fieldsOf({ ...base, plans: ['pass-football', 'pass-football'] })).toEqual(['plans']);
		expect(fieldsOf({ ...base, plans: ['Premium Monthly'] })).toEqual(['plans.0']);
	});

	it('needs an English title; a translation needs one too', () => {
		expect(fieldsOf({ ...base, title: '   ' })).toEqual(['title']);
		expect(fieldsOf({ ...base, translations: { de: { title: '' } } })).toEqual([
			'translations.de.title',
		]);
		expect(fieldsOf({ ...base, translations: { xx: { title: 'x' } } })).toEqual(['translations']);
		expect(fieldsOf({ ...base, translations: { en: { title: 'x' } } })).toEqual(['translations']);
	});

	it('keeps text as typed (markup is escaped on output, never stripped)', () => {
		const title = '<script>alert(1)</script><img src=x onerror=alert(2)>';
		expect(streamFields.parse({ ...base, title }).title).toBe(title);
	});

	it('schedules in UTC instants, the end after the start', () => {
		const r = streamFields.parse({
			...base,
			startsAt: '2030-05-01T20:00:00+02:00',
			endsAt: '2030-05-01T19:00:00Z',
		});
		expect(r.startsAt?.toISOString()).toBe('2030-05-01T18:00:00.000Z');
		expect(
			fieldsOf({ ...base, startsAt: '2030-05-01T18:00:00Z', endsAt: '2030-05-01T18:00:00Z' }),
		).toEqual(['endsAt']);
		expect(fieldsOf({ ...base, startsAt: 'tomorrow' })).toEqual(['startsAt']);
	});

	it('a new stream needs an id that is an address segment; unknown keys are refused', () => {
		expect(newStream.safeParse({ ...base, id: 'goals-2026' }).success).toBe(true);
		expect(newStream.safeParse({ ...base, id: '-goals' }).success).toBe(false);
		expect(newStream.safeParse({ ...base, id: 'Goals' }).success).toBe(false);
		expect(fieldsOf({ ...base, matchId: 3 })).toEqual(['']);
	});
});

describe('who may edit streams', () => {
	it('admins and editors, not scorers or fans', () => {
		expect(can(['user', 'admin'], 'streams.edit')).toBe(true);
		expect(can(['user', 'editor'], 'streams.edit')).toBe(true);
		expect(can(['user', 'scorer'], 'streams.edit')).toBe(false);
		expect(can(['user'], 'streams.edit')).toBe(false);
	});

	it('the API is listed in the console OpenAPI', () => {
		expect(Object.keys(CMS_OPENAPI.paths)).toEqual(
			expect.arrayContaining(['/api/cms/streams', '/api/cms/streams/{id}']),
		);
		const one = CMS_OPENAPI.paths['/api/cms/streams/{id}'];
		expect(Object.keys(one)).toEqual(['get', 'put', 'delete']);
	});
});
