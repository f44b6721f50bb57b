import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTranslations } from '~/i18n/server';
import { clearDataCache } from '~/server/cache/data-cache';
import { type DbHandle, openDatabase, setDbHandleForTests } from '~/server/db/client';
import { importFootballData } from '~/server/football/import';
import { SOURCE_FILES } from '~/server/football/import/sources';
import type { ViewContext } from '~/server/views/context';
import { getFormEmbed, getLineupEmbed, getTableEmbed } from '~/server/views/embed-page';

// The widgets' views on a real in-memory PGlite with the World Cups 2022 and 2026.

let handle: DbHandle;
let final: number;
const ctx = (locale: 'en' | 'de' = 'en'): ViewContext => ({
	locale,
	t: useTranslations(locale),
	origin: 'https://matchday.example',
	timeZone: 'Europe/Berlin',
});
const input = (subject: string | undefined, query = '', locale = 'en') => ({
	locale,
	subject,
	params: new URLSearchParams(query),
});

beforeAll(async () => {
	handle = await openDatabase('memory://');
	const files = SOURCE_FILES.filter((f) => f.path.includes('worldcup.json/'));
	await importFootballData(handle.db, { files, now: new Date('2026-08-01T00:00:00Z') });
	setDbHandleForTests(handle);
	clearDataCache();
	const rows = (await handle.db.execute(
		sql`SELECT id FROM matches WHERE kickoff_at::date = '2022-12-18'`,
	)) as unknown as { rows?: { id: number }[] } & { id: number }[];
	final = Number((rows.rows ?? rows)[0]!.id);
}, 180_000);

afterAll(async () => {
	await handle?.close();
});

describe('the line-up widget', () => {
	it('without a line-up in the data shows both squads and says so (not "not known yet")', async () => {
		const page = await getLineupEmbed(input(String(final)), ctx());
		if (!page.ok) throw new Error(page.message);
		expect(page.view.squadNote).toBe(useTranslations('en')('embed:squadInsteadPast'));
		expect(page.view.lineups?.map((s) => s.name)).toEqual(['Argentina', 'France']);
		const messi = page.view.lineups?.[0]?.groups[0]?.players.find((p) => p.name.includes('Messi'));
		expect(messi).toBeDefined();
	});

	it('shows the published line-up when the data has one, and no squad note', async () => {
		const [home] = (await handle.db
			.execute(sql`SELECT home_team_id AS id FROM matches WHERE id = ${final}`)
			.then((r) => (r as unknown as { rows?: unknown[] }).rows ?? r)) as { id: number }[];
		await handle.db.execute(
			sql`INSERT INTO lineups (match_id, team_id, player_name, shirt_number, position, starter)
				VALUES (${final}, ${home!.id}, 'Emiliano Martínez', 23, 'GK', true)`,
		);
		clearDataCache();
		const page = await getLineupEmbed(input(String(final)), ctx());
		if (!page.ok) throw new Error(page.message);
		expect(page.view.squadNote).toBeNull();
		expect(page.view.lineups?.[0]?.groups[0]?.players[0]?.name).toBe('Emiliano Martínez');
		await handle.db.execute(sql`DELETE FROM lineups WHERE match_id = ${final}`);
		clearDataCache();
	});
});

describe('widget addresses', () => {
	it('unknown subjects are 404 and bad settings 400, in the requested language', async () => {
		const unknown = await getFormEmbed(input('no-such-team', '', 'de'), ctx('de'));
		expect(unknown).toMatchObject({ ok: false, status: 404 });
		const theme = await getTableEmbed(input('world-cup', 'theme=pink', 'de'), ctx('de'));
		expect(theme).toMatchObject({ ok: false, status: 400 });
		if (!theme.ok) expect(theme.message).toMatch(/^Die Adresse dieses Widgets ist falsch: theme/);
		const group = await getTableEmbed(input('world-cup', 'season=2022&group=Group+Z'), ctx());
		expect(group).toMatchObject({ ok: false, status: 404 });
		const locale = await getFormEmbed(input('argentina', '', 'xx'), ctx());
		expect(locale).toMatchObject({ ok: false, status: 404 });
	});

	it('a table highlights the chosen team; widgets render in UTC whoever asks', async () => {
		const page = await getTableEmbed(
			input('world-cup', 'season=2022&group=Group+C&team=argentina'),
			ctx(),
		);
		if (!page.ok) throw new Error(page.message);
		const rows = page.view.tables[0]!.rows;
		expect(rows.filter((r) => r.highlight).map((r) => r.name)).toEqual(['Argentina']);
		expect(page.view.fullHref).toBe('https://matchday.example/en/league/world-cup');
		const form = await getFormEmbed(input('argentina'), ctx());
		if (!form.ok) throw new Error(form.message);
		expect(form.view.form.letters.length).toBeGreaterThan(0);
		expect(form.chrome.live).toBeNull();
	});
});
