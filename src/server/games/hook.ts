import { addLiveChangeHook } from '../live/apply';
import { onLiveChange } from './games';
import { gameSettings } from './settings';

let installed = false;

/**
 * Puts the live games on the live write path: every committed change opens, suspends or
 * settles its match's games in the same transaction (a full time or correction always
 * commits with its settlement). Installed once at start-up (src/server/startup.ts), before the
 * feed starts; the live feature itself knows nothing of games.
 */
export function installGamesHook(): void {
	if (installed) return;
	installed = true;
	addLiveChangeHook((tx, change, state, event) =>
		onLiveChange(
			tx,
			{ kind: change.kind, reset: change.reset, entryType: change.entry?.type ?? null },
			state,
			event,
			Date.now(),
			gameSettings(),
		),
	);
}
