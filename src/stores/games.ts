import { map } from 'nanostores';
import type { GameKind, GameStatus, Pick } from '~/lib/games/rules';
import { authFetch } from './auth';
import { $liveGames } from './live';

/**
 * The live games of the match centre: the match's games (first from the API, then from the
 * `game` messages of the live stream in $liveGames), the visitor's picks and the match's
 * leaderboard. Signed-in state comes from the API's answers (the page itself is cached and
 * the same for everyone).
 */

export interface GameView {
	id: number;
	kind: GameKind;
	status: GameStatus;
	options: Pick[];
	/** Options that can no longer win ("No goal" once a goal is in): shown closed. */
	closed: Pick[];
	result: Pick | null;
	voidReason: string | null;
	suspension: string | null;
	/** Local time (ms) an incident suspension ends; null when none or open-ended. */
	suspendedUntil: number | null;
	corrected: boolean;
	replay: boolean;
}

export interface MyPick {
	gameId: number;
	pick: Pick;
	pointsAtStake: number;
	points: number | null;
	outcome: 'won' | 'lost' | 'void' | null;
}

export interface BoardRow {
	rank: number;
	name: string;
	points: number;
	picks: number;
	me: boolean;
}

export interface GamesState {
	games: GameView[];
	/** null until known: the picks request answers 401 for guests. */
	signedIn: boolean | null;
	picks: Record<number, MyPick>;
	board: BoardRow[];
	/** Picks sent and not yet answered: the radio shows them checked meanwhile. */
	pending: Record<number, Pick>;
	/** The latest refusal or failure, as a code the island translates. */
	problem: { gameId: number; code: string } | null;
}

export const $games = map<GamesState>({
	games: [],
	signedIn: null,
	picks: {},
	board: [],
	pending: {},
	problem: null,
});

function view(raw: Record<string, unknown>, receivedAt: number): GameView {
	const ms = typeof raw.suspendedMs === 'number' ? raw.suspendedMs : null;
	return {
		id: Number(raw.id),
		kind: raw.kind as GameKind,
		status: raw.status as GameStatus,
		options: (raw.options as Pick[]) ?? [],
		closed: (raw.closed as Pick[] | undefined) ?? [],
		result: (raw.result as Pick | null) ?? null,
		voidReason: (raw.voidReason as string | null) ?? null,
		suspension: (raw.suspension as string | null) ?? null,
		suspendedUntil: ms === null ? null : receivedAt + ms,
		corrected: raw.corrected === true,
		replay: raw.replay === true,
	};
}

async function json(response: Response): Promise<Record<string, unknown> | null> {
	return (await response.json().catch(() => null)) as Record<string, unknown> | null;
}

export async function loadGames(matchId: string): Promise<void> {
	const response = await fetch(`/api/v1/matches/${matchId}/games`, { cache: 'no-cache' });
	if (!response.ok) return;
	const body = await json(response);
	const now = Date.now();
	const games = ((body?.games ?? []) as Record<string, unknown>[]).map((g) => view(g, now));
	$games.setKey('games', games);
}

export async function loadPicks(matchId: string): Promise<void> {
	let response: Response;
	try {
		response = await authFetch(`/api/games/picks?matchId=${encodeURIComponent(matchId)}`);
	} catch {
		$games.setKey('signedIn', false);
		return;
	}
	if (response.status === 401) {
		$games.setKey('signedIn', false);
		return;
	}
	if (!response.ok) return;
	const body = await json(response);
	const list = ((body?.data as { picks?: MyPick[] } | undefined)?.picks ?? []) as MyPick[];
	$games.setKey('signedIn', true);
	$games.setKey('picks', Object.fromEntries(list.map((p) => [p.gameId, p])));
}

export async function loadBoard(matchId: string, replay: boolean): Promise<void> {
	const query = new URLSearchParams({ scope: 'match', matchId, replay: replay ? '1' : '0' });
	const response = await fetch(`/api/games/leaderboard?${query}`, { credentials: 'same-origin' });
	if (!response.ok) return;
	const body = await json(response);
	$games.setKey('board', (body?.data as BoardRow[]) ?? []);
}

/** Sends a pick; on a refusal the games are reloaded so the island shows why. */
export async function sendPick(matchId: string, gameId: number, pick: Pick): Promise<void> {
	$games.setKey('problem', null);
	$games.setKey('pending', { ...$games.get().pending, [gameId]: pick });
	try {
		await send(matchId, gameId, pick);
	} finally {
		const { [gameId]: _done, ...rest } = $games.get().pending;
		$games.setKey('pending', rest);
	}
}

async function send(matchId: string, gameId: number, pick: Pick): Promise<void> {
	let response: Response;
	try {
		response = await authFetch(`/api/games/${gameId}/picks`, {
			method: 'POST',
			headers: { 'Content-Type': 'application/json' },
			body: JSON.stringify({ pick }),
		});
	} catch {
		$games.setKey('problem', { gameId, code: 'network' });
		return;
	}
	const body = await json(response);
	if (response.ok) {
		const data = body?.data as { pointsAtStake: number } | undefined;
		$games.setKey('picks', {
			...$games.get().picks,
			[gameId]: {
				gameId,
				pick,
				pointsAtStake: data?.pointsAtStake ?? 0,
				points: null,
				outcome: null,
			},
		});
		return;
	}
	if (response.status === 401) {
		$games.setKey('signedIn', false);
		return;
	}
	const code = String(body?.reason ?? body?.error ?? 'unknown');
	$games.setKey('problem', { gameId, code });
	if (response.status === 409) await loadGames(matchId);
}

/**
 * Follows the live stream's `game` messages for one match: each one replaces the games,
 * and a settlement refreshes the visitor's points and the leaderboard (no reload).
 */
export function followGames(matchId: string): () => void {
	let lastId: number | undefined;
	return $liveGames.subscribe((all) => {
		const message = all[matchId];
		if (!message || message.id === lastId) return;
		lastId = message.id;
		const games = message.games.map((g) => view(g, message.receivedAt));
		$games.setKey('games', games);
		if (games.some((g) => g.status === 'settled' || g.status === 'void')) {
			void loadBoard(matchId, games[0]?.replay ?? false);
			if ($games.get().signedIn) void loadPicks(matchId);
		}
	});
}

export function resetGamesForTests(): void {
	$games.set({ games: [], signedIn: null, picks: {}, board: [], pending: {}, problem: null });
}
