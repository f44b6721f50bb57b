import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { embedPath, embedSnippet, frameAncestors, isEmbedPath } from '~/lib/embed';
import { EMBED_LOADER } from '~/lib/embed-loader';
import { builderQuery, parseEmbed } from '~/lib/embed-params';
import { resetConfigForTests, settingsProblems } from '~/server/config';

vi.mock('astro:middleware', () => ({ defineMiddleware: <T>(fn: T) => fn }));

const q = (s: string) => new URLSearchParams(s);

describe('embed parameters', () => {
	it('accepts each kind with its settings, theme auto by default', () => {
		const table = parseEmbed(
			'table',
			'world-cup',
			q('season=2022&group=Group C&team=argentina&theme=dark&accent=D97706'),
		);
		expect(table).toEqual({
			ok: true,
			subject: 'world-cup',
			query: {
				theme: 'dark',
				accent: 'd97706',
				season: '2022',
				group: 'Group C',
				team: 'argentina',
			},
		});
		expect(parseEmbed('match', '42', q(''))).toEqual({
			ok: true,
			subject: 42,
			query: { theme: 'auto' },
		});
		expect(parseEmbed('scores', undefined, q('competition=euro')).ok).toBe(true);
		expect(parseEmbed('fixtures', undefined, q('team=argentina')).ok).toBe(true);
	});

	it('refuses a wrong theme or accent with 400 naming the field', () => {
		expect(parseEmbed('scores', undefined, q('theme=pink'))).toMatchObject({
			ok: false,
			status: 400,
			field: 'theme',
		});
		for (const accent of ['#0b7a3e', 'red', '0b7a3', '0b7a3e;}', 'url(x)'])
			expect(
				parseEmbed('form', 'argentina', q(`accent=${encodeURIComponent(accent)}`)),
				accent,
			).toMatchObject({
				ok: false,
				status: 400,
				field: 'accent',
			});
	});

	it('refuses unknown, repeated and contradictory settings with 400', () => {
		expect(parseEmbed('match', '1', q('foo=1'))).toMatchObject({ status: 400, field: 'foo' });
		expect(parseEmbed('match', '1', q('theme=dark&theme=light'))).toMatchObject({
			status: 400,
			field: 'theme',
		});
		expect(parseEmbed('fixtures', undefined, q(''))).toMatchObject({ status: 400, field: 'team' });
		expect(parseEmbed('fixtures', undefined, q('team=a&competition=b'))).toMatchObject({
			status: 400,
		});
		expect(parseEmbed('scores', undefined, q('team=a&competition=b'))).toMatchObject({
			status: 400,
		});
		expect(parseEmbed('table', 'euro', q('season=last'))).toMatchObject({
			status: 400,
			field: 'season',
		});
	});

	it('answers 404 for a path that names nothing', () => {
		for (const id of ['nope', '0', '99999999999', ''])
			expect(parseEmbed('lineup', id, q('')), id).toMatchObject({
				ok: false,
				status: 404,
				field: 'id',
			});
		expect(parseEmbed('table', 'Not A Slug', q(''))).toMatchObject({ status: 404 });
	});
});

describe('the builder', () => {
	it('turns choices into the widget address the snippet uses', () => {
		const choice = builderQuery.parse({
			kind: 'table',
			competition: 'world-cup',
			team: 'argentina',
			theme: 'dark',
			accent: '#D97706',
		});
		expect(choice.width).toBe(480);
		expect(embedPath('de', choice)).toBe(
			'/de/embed/table/world-cup?team=argentina&theme=dark&accent=d97706',
		);
		expect(embedPath('en', { kind: 'match', theme: 'auto' })).toBeNull();
		expect(
			embedPath('en', { kind: 'fixtures', team: 'spain', competition: 'euro', theme: 'auto' }),
		).toBe('/en/embed/fixtures?team=spain');
		const code = embedSnippet(
			'https://matchday.example',
			'/en/embed/form/spain?theme=dark&accent=ffffff',
			360,
			'Matchday: "form"',
		);
		expect(code).toContain(
			'src="https://matchday.example/en/embed/form/spain?theme=dark&amp;accent=ffffff"',
		);
		expect(code).toContain('title="Matchday: &quot;form&quot;"');
		expect(code).toContain('max-width:360px');
		expect(code).toContain('<script src="https://matchday.example/embed.js" async></script>');
	});

	it('refuses a bad choice naming it', () => {
		const bad = builderQuery.safeParse({ kind: 'poster' });
		expect(bad.success).toBe(false);
		expect(bad.error?.issues[0]?.path).toEqual(['kind']);
		expect(builderQuery.safeParse({ width: '50' }).success).toBe(false);
	});
});

describe('framing', () => {
	afterEach(() => resetConfigForTests());

	it('only /{locale}/embed/… may be framed, by anyone or by the listed origins', () => {
		expect(isEmbedPath('/en/embed/scores')).toBe(true);
		expect(isEmbedPath('/xx/embed')).toBe(true);
		expect(isEmbedPath('/en/embedded-thing')).toBe(false);
		expect(isEmbedPath('/en/widget')).toBe(false);
		expect(isEmbedPath('/embed.js')).toBe(false);
		expect(frameAncestors(true, [])).toBe('frame-ancestors *');
		expect(frameAncestors(true, ['https://a.example', 'http://b.example:8080'])).toBe(
			'frame-ancestors https://a.example http://b.example:8080',
		);
		expect(frameAncestors(false, ['https://a.example'])).toBe("frame-ancestors 'none'");
	});

	it('EMBED_ALLOWED_ORIGINS must be origins; a bad one stops the start naming the setting', () => {
		expect(
			settingsProblems({ EMBED_ALLOWED_ORIGINS: 'https://club.example, http://localhost:8080' }),
		).toEqual([]);
		for (const bad of [
			'club.example',
			'https://club.example/path',
			"https://a.example 'unsafe-inline'",
			'*',
		])
			expect(settingsProblems({ EMBED_ALLOWED_ORIGINS: bad })[0], bad).toMatch(
				/^EMBED_ALLOWED_ORIGINS/,
			);
	});

	it('the middleware uses the list for embeds and never for other pages', async () => {
		process.env.EMBED_ALLOWED_ORIGINS = 'https://club.example';
		resetConfigForTests();
		const { securityHeaders } = await import('~/middleware/security-headers');
		type Handler = (context: unknown, next: () => Promise<Response>) => Promise<Response>;
		const run = (url: string) =>
			(securityHeaders as unknown as Handler)(
				{ url: new URL(url), locals: {} },
				async () => new Response('x'),
			);
		expect(
			(await run('http://h/en/embed/scores')).headers.get('content-security-policy'),
		).toContain('frame-ancestors https://club.example');
		const other = await run('http://h/en/widget');
		expect(other.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
		expect(other.headers.get('x-frame-options')).toBe('DENY');
		delete process.env.EMBED_ALLOWED_ORIGINS;
	});
});

describe('the loader script', () => {
	it('is under 2 KB and believes only its own origin', () => {
		expect(Buffer.byteLength(EMBED_LOADER)).toBeLessThan(2048);
		expect(gzipSync(EMBED_LOADER).byteLength).toBeLessThan(1024);
		expect(EMBED_LOADER).toContain('e.origin!==o');
		expect(EMBED_LOADER).toContain('contentWindow===e.source');
	});
});
