import type { APIRoute } from 'astro';
import { matchGamesHandler } from '~/server/games/api';

export const prerender = false;

/** The match's live games (odd/even, two-way, last team to score) and their state. */
export const GET: APIRoute = ({ params, request }) =>
	matchGamesHandler(params.id, request.headers.get('if-none-match'));
