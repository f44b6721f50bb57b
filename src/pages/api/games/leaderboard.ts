import type { APIRoute } from 'astro';
import { leaderboardHandler } from '~/server/games/api';

export const prerender = false;

/** `?scope=match|week|season|league` (`matchId`, `league`, `replay=1` as the scope needs). */
export const GET: APIRoute = ({ url, locals }) =>
	leaderboardHandler(url.searchParams, locals.user?.id ?? null);
