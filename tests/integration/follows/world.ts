import * as loginRoute from '~/pages/api/auth/login';
import * as registerRoute from '~/pages/api/auth/register';
import { call, db } from '../auth/helpers';
import type { DbHandle } from '~/server/db/client';

/** A tiny football world: one league, one season, three teams, three matches. */
export interface FootballFixture {
	league: number;
	teams: { red: number; blue: number; green: number };
	matches: { past: number; next: number; other: number };
}

export async function seedFootball(
	now = new Date(),
	on: Pick<DbHandle, 'exec'> = db(),
): Promise<FootballFixture> {
	const day = 86_400_000;
	const iso = (ms: number) => new Date(now.getTime() + ms).toISOString();
	await on.exec(`
		TRUNCATE competitions, teams RESTART IDENTITY CASCADE;
		INSERT INTO competitions (code, slug, name, type, area_code, area_name, time_zone)
			VALUES ('TL', 'test-league', 'Test League', 'league', 'ENG', 'England', 'Europe/London');
		INSERT INTO seasons (competition_id, label, name, start_date) VALUES (1, '2026', '2026', '2026-01-01');
		INSERT INTO teams (key, slug, name, short_name, colour_primary, colour_secondary) VALUES
			('red', 'red-fc', 'Red FC', 'Red', '#c00', '#fff'),
			('blue', 'blue-fc', 'Blue FC', 'Blue', '#00c', '#fff'),
			('green', 'green-fc', 'Green FC', 'Green', '#0c0', '#fff');
		INSERT INTO matches (season_id, source_key, round, stage, home_team_id, away_team_id, kickoff_at, status, ft_home, ft_away) VALUES
			(1, 'm1', '1', 'regular', 1, 2, '${iso(-3 * day)}', 'finished', 2, 1),
			(1, 'm2', '2', 'regular', 2, 1, '${iso(2 * day)}', 'scheduled', NULL, NULL),
			(1, 'm3', '2', 'regular', 3, 2, '${iso(3 * day)}', 'scheduled', NULL, NULL);
	`);
	return {
		league: 1,
		teams: { red: 1, blue: 2, green: 3 },
		matches: { past: 1, next: 2, other: 3 },
	};
}

/** Registers and logs in; the Bearer header of the new member. */
export async function member(email: string): Promise<Record<string, string>> {
	const password = 'correct horse battery staple';
	await call(registerRoute.POST, { body: { email, password, name: 'Fan' } });
	const login = await call(loginRoute.POST, { body: { email, password } });
	const body = (await login.json()) as { data: { token: { access_token: string } } };
	return { authorization: `Bearer ${body.data.token.access_token}` };
}
