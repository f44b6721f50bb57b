import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { writeAudit } from '~/server/cms/audit';
import { dashboardExtras } from '~/server/cms/dashboard-extras';
import { db, resetAuthWorld, setupAuthWorld, teardownAuthWorld } from '../auth/helpers';
import { seedMatches } from '../live/helpers';

const actor = (role: string) => ({
	id: '00000000-0000-4000-8000-000000000001',
	email: `${role}@example.com`,
	scope: ['user', role],
});

describe('dashboard: streams soon, drafts waiting, latest audit entries', () => {
	beforeAll(() => setupAuthWorld({ REDIS_URL: '' }));
	afterAll(teardownAuthWorld);
	beforeEach(async () => {
		await resetAuthWorld();
		await db().exec('TRUNCATE cms_audit, news_articles CASCADE');
		await db().exec(`DELETE FROM streams WHERE id LIKE 'dash-%'`);
	});

	it('each card for the roles that act on it, with what it promises', async () => {
		const [soon, later, started] = (await seedMatches(db(), 3)).map(Number) as [
			number,
			number,
			number,
		];
		const d = db().db;
		await d.execute(
			sql`UPDATE matches SET kickoff_at = now() + interval '2 hours' WHERE id = ${soon}`,
		);
		await d.execute(
			sql`UPDATE matches SET kickoff_at = now() + interval '30 hours' WHERE id = ${later}`,
		);
		await d.execute(
			sql`UPDATE matches SET kickoff_at = now() - interval '1 hour', status = 'live' WHERE id = ${started}`,
		);
		for (const [id, match, kind] of [
			['dash-soon', soon, 'live'],
			['dash-later', later, 'live'],
			['dash-started', started, 'live'],
			['dash-clip', soon, 'highlight'],
		] as const)
			await d.execute(sql`INSERT INTO streams (id, kind, match_id, title, hls_path)
				VALUES (${id}, ${kind}, ${match}, ${`<b>${id}</b>`}, 'x/index.m3u8')`);
		for (const [slug, state] of [
			['draft-one', 'draft'],
			['out-now', 'published'],
		] as const) {
			await d.execute(sql`INSERT INTO news_articles (slug, state) VALUES (${slug}, ${state})`);
			await d.execute(sql`INSERT INTO news_translations (article_id, locale, title, summary, body)
				SELECT id, 'en', ${`Title ${slug}`}, 's', 'b' FROM news_articles WHERE slug = ${slug}`);
		}
		await d.execute(sql`INSERT INTO news_translations (article_id, locale, title, summary, body)
			SELECT id, 'de', 'Entwurf eins', 's', 'b' FROM news_articles WHERE slug = 'draft-one'`);
		for (let i = 0; i < 12; i++)
			await writeAudit(d, {
				actor: { id: null, email: 'cli' },
				action: `test.${i}`,
				target: 'x',
			});

		const admin = await dashboardExtras(actor('admin'), 'de');
		expect(admin.streams?.map((s) => s.id)).toEqual(['dash-soon']);
		expect(admin.streams?.[0]).toMatchObject({ matchId: soon, title: '<b>dash-soon</b>' });
		expect(admin.drafts?.map((x) => x.title)).toEqual(['Entwurf eins']);
		expect((await dashboardExtras(actor('admin'), 'fr')).drafts?.map((x) => x.title)).toEqual([
			'Title draft-one',
		]);
		expect(admin.audit).toHaveLength(10);
		expect(admin.audit?.[0]?.action).toBe('test.11');

		const editor = await dashboardExtras(actor('editor'), 'en');
		expect(editor.streams).not.toBeNull();
		expect(editor.drafts).not.toBeNull();
		expect(editor.audit).toBeNull();

		const scorer = await dashboardExtras(actor('scorer'), 'en');
		expect(scorer).toEqual({ streams: null, drafts: null, audit: null });
	});
});
