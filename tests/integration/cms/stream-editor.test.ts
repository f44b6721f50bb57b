import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useTranslations } from '~/i18n/server';
import { namesFor } from '~/server/views/names';
import type { Locale } from '~/i18n/locales';
import * as cmsLoginRoute from '~/pages/api/auth/cms/login';
import * as oneRoute from '~/pages/api/cms/streams/[id]';
import * as listRoute from '~/pages/api/cms/streams/index';
import { addStaff } from '~/server/cms/staff';
import { getEditedStream } from '~/server/cms/stream-editor';
import { streamFromConsole } from '~/server/cms/stream-form';
import { rowsOf } from '~/server/db/rows';
import { catalogueView } from '~/server/streams/catalogue-view';
import { matchWatchView } from '~/server/streams/match-watch';
import { serveMedia } from '~/server/streams/media';
import { playbackUrl, previewUrl } from '~/server/streams/signing';
import { call, db, resetAuthWorld, setupAuthWorld, teardownAuthWorld } from '../auth/helpers';
import { seedMatches } from '../live/helpers';

const PASSWORD = 'correct horse battery staple';
type Json = Record<string, unknown> & { data: Record<string, unknown> };

async function staff(email: string, role: 'admin' | 'editor' | 'scorer') {
	expect((await addStaff({ email, role, password: PASSWORD })).ok).toBe(true);
	const r = await call(cmsLoginRoute.POST, { body: { email, password: PASSWORD } });
	expect(r.status).toBe(200);
	const body = (await r.json()) as { data: { token: { access_token: string } } };
	const [user] = rowsOf<{ id: string }>(
		await db().db.execute(sql`SELECT id FROM users WHERE email = ${email}`),
	);
	return { token: body.data.token.access_token, id: user!.id };
}

async function send(
	handler: unknown,
	token: string,
	opts: { method?: string; body?: unknown; id?: string; path?: string } = {},
) {
	const r = await call(handler as never, {
		method: opts.method ?? 'POST',
		...(opts.body !== undefined ? { body: opts.body } : {}),
		params: opts.id ? { id: opts.id } : {},
		headers: { authorization: `Bearer ${token}` },
		...(opts.path ? { path: opts.path } : {}),
	});
	return { status: r.status, body: (await r.json()) as Json };
}

const highlight = {
	id: 't-goals',
	kind: 'highlight',
	title: 'Goals of the round',
	description: 'Every goal, in two minutes',
	translations: { de: { title: 'Tore des Spieltags', description: 'Alle Tore in zwei Minuten' } },
	plans: [],
	countries: null,
	hlsSource: '/media/demo-highlight/index.m3u8',
};

/** The visitor's context with their names (views/names.ts), as the pages pass it. */
async function namesCtx(locale: Locale) {
	const t = useTranslations(locale);
	return { locale, t, names: await namesFor({ locale, t }) };
}

const catalogue = async (locale: Locale, page: 'highlight' | 'movies' = 'highlight') =>
	catalogueView(
		{ page, play: null, userId: null, country: undefined, here: '/' },
		{ ...(await namesCtx(locale)), timeZone: 'UTC' },
	);

async function audit(action: string) {
	return rowsOf<{ actor_email: string; target: string; before: Json | null; after: Json | null }>(
		await db().db.execute(
			sql`SELECT actor_email, target, before, after FROM cms_audit WHERE action = ${action} ORDER BY id`,
		),
	);
}

describe('console: creating and editing catalogue streams', () => {
	beforeAll(() => setupAuthWorld({ REDIS_URL: '' }));
	afterAll(teardownAuthWorld);
	beforeEach(async () => {
		await resetAuthWorld();
		await db().exec("TRUNCATE cms_audit; DELETE FROM streams WHERE id LIKE 't-%'");
	});

	it('an editor creates a highlight with a German title: audited, listed in German, English marked as such in French', async () => {
		const { token } = await staff('ed@example.com', 'editor');
		const made = await send(listRoute.POST, token, { body: highlight });
		expect(made.status).toBe(201);
		expect(made.body.data).toMatchObject({
			id: 't-goals',
			hlsSource: 'demo-highlight/index.m3u8',
			translations: { de: { title: 'Tore des Spieltags' } },
		});
		const [row] = await audit('stream.create');
		expect(row).toMatchObject({ actor_email: 'ed@example.com', target: 'stream:t-goals' });
		expect(row!.after).toMatchObject({ title: 'Goals of the round' });

		const de = (await catalogue('de'))!.items.find((i) => i.href.endsWith('/t-goals'));
		expect(de).toMatchObject({ title: 'Tore des Spieltags', fallbackNote: null, textLang: null });
		const fr = (await catalogue('fr'))!.items.find((i) => i.href.endsWith('/t-goals'));
		expect(fr).toMatchObject({ title: 'Goals of the round', textLang: 'en' });
		expect(fr!.fallbackNote).toContain('English');
		const en = (await catalogue('en'))!.items.find((i) => i.href.endsWith('/t-goals'));
		expect(en).toMatchObject({ title: 'Goals of the round', fallbackNote: null });

		const got = await send(oneRoute.GET, token, { method: 'GET', id: 't-goals' });
		expect(got.body.data).toMatchObject({ description: 'Every goal, in two minutes' });
		expect((await send(listRoute.POST, token, { body: highlight })).status).toBe(409);
	});

	it('an update replaces fields and translations, audited with before and after; the catalogue shows it at once', async () => {
		const { token } = await staff('ed@example.com', 'editor');
		await send(listRoute.POST, token, { body: highlight });
		const { id: _id, ...fields } = highlight;
		const put = await send(oneRoute.PUT, token, {
			method: 'PUT',
			id: 't-goals',
			body: {
				...fields,
				title: 'Goals, goals',
				translations: { fr: { title: 'Les buts' } },
				plans: ['premium-monthly'],
				countries: ['de', 'AT'],
			},
		});
		expect(put.status).toBe(200);
		expect(put.body.data).toMatchObject({ plans: ['premium-monthly'], countries: ['AT', 'DE'] });
		const [row] = await audit('stream.update');
		expect(row!.before).toMatchObject({ title: 'Goals of the round', plans: [] });
		expect(row!.after).toMatchObject({ title: 'Goals, goals', plans: ['premium-monthly'] });
		const de = (await catalogue('de'))!.items.find((i) => i.href.endsWith('/t-goals'));
		expect(de).toMatchObject({ title: 'Goals, goals', textLang: 'en', free: false });
		const fr = (await catalogue('fr'))!.items.find((i) => i.href.endsWith('/t-goals'));
		expect(fr).toMatchObject({ title: 'Les buts', fallbackNote: null });
		const missing = await send(oneRoute.PUT, token, { method: 'PUT', id: 't-none', body: fields });
		expect(missing.status).toBe(404);
	});

	it('bad input is 400 naming the field; unknown plans are refused against the plans table', async () => {
		const { token } = await staff('ed@example.com', 'editor');
		const bad = async (patch: Record<string, unknown>) => {
			const r = await send(listRoute.POST, token, { body: { ...highlight, ...patch } });
			expect(r.status).toBe(400);
			return r.body['fields'];
		};
		expect(await bad({ hlsSource: 'javascript:alert(1)' })).toEqual(['hlsSource']);
		expect(await bad({ hlsSource: 'https://user:pw@cdn.example/x.m3u8' })).toEqual(['hlsSource']);
		expect(await bad({ hlsSource: '../secrets/index.m3u8' })).toEqual(['hlsSource']);
		expect(await bad({ plans: ['no-such-plan'] })).toEqual(['plans']);
		expect(await bad({ countries: ['XX'] })).toEqual(['countries.0']);
		expect(await bad({ id: 'Bad Id' })).toEqual(['id']);
		expect(await bad({ kind: 'radio' })).toEqual(['kind']);
		expect(await bad({ translations: { de: { title: ' ' } } })).toEqual(['translations.de.title']);
		expect(await bad({ startsAt: '2030-01-02T10:00:00Z', endsAt: '2030-01-01T10:00:00Z' })).toEqual(
			['endsAt'],
		);
		expect(await audit('stream.create')).toHaveLength(0);
	});

	it('a future start says "starts"; a past end leaves the catalogue', async () => {
		const { token } = await staff('ed@example.com', 'editor');
		const soon = new Date(Date.now() + 86_400_000).toISOString();
		await send(listRoute.POST, token, { body: { ...highlight, startsAt: soon } });
		await send(listRoute.POST, token, {
			body: {
				...highlight,
				id: 't-gone',
				startsAt: '2020-01-01T10:00:00Z',
				endsAt: '2020-01-01T12:00:00Z',
			},
		});
		const items = (await catalogue('en'))!.items;
		expect(items.find((i) => i.href.endsWith('/t-goals'))!.startsAt).toMatchObject({ iso: soon });
		expect(items.find((i) => i.href.endsWith('/t-gone'))).toBeUndefined();
	});

	it('roles: a scorer gets 403; lists filter by kind and page; bad filters are 400', async () => {
		const { token: scorer } = await staff('sc@example.com', 'scorer');
		expect((await send(listRoute.POST, scorer, { body: highlight })).status).toBe(403);
		expect((await send(listRoute.GET, scorer, { method: 'GET' })).status).toBe(403);
		const { token } = await staff('ad@example.com', 'admin');
		const films = await send(listRoute.GET, token, {
			method: 'GET',
			path: '/api/cms/streams?kind=movie',
		});
		expect(films.status).toBe(200);
		const data = films.body.data as unknown as { kind: string }[];
		expect(data.length).toBeGreaterThan(0);
		expect(data.every((s) => s.kind === 'movie')).toBe(true);
		const wrong = await send(listRoute.GET, token, {
			method: 'GET',
			path: '/api/cms/streams?kind=x',
		});
		expect(wrong.status).toBe(400);
		expect(wrong.body['fields']).toEqual(['kind']);
	});

	it('delete: only a stream nothing uses (409 for a stream on a match or a replay template)', async () => {
		const { token } = await staff('ed@example.com', 'editor');
		await send(listRoute.POST, token, { body: highlight });
		const [matchId] = await seedMatches(db(), 1);
		await send(listRoute.POST, token, { body: { ...highlight, id: 't-on-match' } });
		await db().db.execute(
			sql`UPDATE streams SET match_id = ${Number(matchId)} WHERE id = 't-on-match'`,
		);
		expect(
			(await send(oneRoute.DELETE, token, { method: 'DELETE', id: 't-on-match' })).status,
		).toBe(409);
		// The match centre's watch box reads the visitor's language too, English marked by lang.
		const watch = (l: Locale) => namesCtx(l).then((c) => matchWatchView(Number(matchId), c));
		expect(await watch('de')).toMatchObject({ title: 'Tore des Spieltags' });
		expect((await watch('de'))!.titleLang).toBeUndefined();
		expect(await watch('fr')).toMatchObject({ title: 'Goals of the round', titleLang: 'en' });
		expect((await send(oneRoute.DELETE, token, { method: 'DELETE', id: 'demo-live' })).status).toBe(
			409,
		);
		expect((await send(oneRoute.DELETE, token, { method: 'DELETE', id: 't-goals' })).status).toBe(
			200,
		);
		expect((await send(oneRoute.GET, token, { method: 'GET', id: 't-goals' })).status).toBe(404);
		expect(await audit('stream.delete')).toHaveLength(1);
		// A stream on a match may not become a film (the match's watch box only plays live/highlight).
		const { id: _id, ...fields } = highlight;
		const film = await send(oneRoute.PUT, token, {
			method: 'PUT',
			id: 't-on-match',
			body: { ...fields, kind: 'movie' },
		});
		expect(film.status).toBe(409);
	});

	it('preview: a URL signed for the editor plays a paid stream for them only, through their console session', async () => {
		const { id: staffId } = await staff('ed@example.com', 'editor');
		const url = new URL(previewUrl(staffId, 'demo-movie'), 'http://x');
		const q = {
			exp: url.searchParams.get('exp'),
			sig: url.searchParams.get('sig'),
			userId: null,
			country: undefined,
		};
		const asStaff = await serveMedia({
			streamId: 'demo-movie',
			file: 'index.m3u8',
			...q,
			preview: { staffId },
		});
		expect(asStaff.status).toBe(200);
		expect(String(asStaff.body)).toContain('&preview=1');
		expect(
			(
				await serveMedia({
					streamId: 'demo-movie',
					file: 'index.m3u8',
					...q,
					preview: { staffId: null },
				})
			).status,
		).toBe(403);
		expect(
			(
				await serveMedia({
					streamId: 'demo-movie',
					file: 'index.m3u8',
					...q,
					preview: { staffId: 'someone-else' },
				})
			).status,
		).toBe(403);
		// The same signature without the preview flag is a visitor's URL: refused.
		expect((await serveMedia({ streamId: 'demo-movie', file: 'index.m3u8', ...q })).status).toBe(
			403,
		);
		// A visitor's own signed URL still needs a plan for a paid film.
		const visitor = new URL(playbackUrl('anon', 'demo-movie').url, 'http://x');
		const anon = await serveMedia({
			streamId: 'demo-movie',
			file: 'index.m3u8',
			exp: visitor.searchParams.get('exp'),
			sig: visitor.searchParams.get('sig'),
			userId: null,
			country: undefined,
		});
		expect(anon.status).toBe(403);
	});

	it('an outside https source: the checked manifest request is sent there (302), segments are not ours', async () => {
		const { token, id: staffId } = await staff('ed@example.com', 'editor');
		const remote = 'https://cdn.example.com/live/master.m3u8';
		await send(listRoute.POST, token, {
			body: { ...highlight, id: 't-remote', hlsSource: remote },
		});
		const url = new URL(previewUrl(staffId, 't-remote'), 'http://x');
		const q = {
			exp: url.searchParams.get('exp'),
			sig: url.searchParams.get('sig'),
			userId: null,
			country: undefined,
		};
		const manifest = await serveMedia({
			streamId: 't-remote',
			file: 'index.m3u8',
			...q,
			preview: { staffId },
		});
		expect(manifest).toMatchObject({ status: 302, location: remote });
		const segment = await serveMedia({
			streamId: 't-remote',
			file: 'seg000.ts',
			...q,
			preview: { staffId },
		});
		expect(segment.status).toBe(404);
	});

	it('the console form: the same rules as the API, UTC fields, empty dates and locales left out', async () => {
		const { id } = await staff('ed@example.com', 'editor');
		const actor = { id, email: 'ed@example.com', scope: ['user', 'editor'] };
		const form = (entries: Record<string, string | string[]>) => {
			const f = new FormData();
			for (const [k, v] of Object.entries(entries))
				for (const one of ([] as string[]).concat(v)) f.append(k, one);
			return f;
		};
		const fields = {
			id: 't-form',
			kind: 'movie',
			hlsSource: 'demo-movie/index.m3u8',
			position: '7',
			plans: ['pass-football', 'premium-monthly'],
			countries: 'de, at;CH',
			startsAt: '2030-05-01T18:00',
			endsAt: '',
			title_en: 'Final',
			description_en: '',
			title_de: 'Finale',
			description_de: 'Das Endspiel',
			title_fr: '',
			description_fr: '',
		};
		const made = await streamFromConsole(form({ ...fields, intent: 'save' }), null, actor);
		expect(made).toEqual({ ok: true, id: 't-form', intent: 'save' });
		expect(await getEditedStream('t-form')).toMatchObject({
			kind: 'movie',
			position: 7,
			plans: ['pass-football', 'premium-monthly'],
			countries: ['AT', 'CH', 'DE'],
			startsAt: '2030-05-01T18:00:00.000Z',
			endsAt: null,
			description: null,
			translations: { de: { title: 'Finale', description: 'Das Endspiel' } },
		});
		const bad = await streamFromConsole(
			form({ ...fields, startsAt: 'soon', countries: 'Germany', intent: 'save' }),
			't-form',
			actor,
		);
		expect(bad).toMatchObject({ ok: false, status: 400 });
		expect(bad.ok ? [] : bad.fields).toEqual(['countries.0', 'startsAt']);
		expect(bad.ok ? null : bad.values.texts.de.title).toBe('Finale');
		const gone = await streamFromConsole(form({ intent: 'delete' }), 't-form', actor);
		expect(gone).toEqual({ ok: true, id: null, intent: 'delete' });
		const scorer = { ...actor, scope: ['user', 'scorer'] };
		const refused = await streamFromConsole(form({ ...fields, intent: 'save' }), null, scorer);
		expect(refused).toMatchObject({ ok: false, status: 403 });
	});
});
