import { config } from '../config';
import type { GameSettings } from './games';

/** The games' timing settings from the configuration (GAME_*). */
export function gameSettings(): GameSettings {
	const cfg = config();
	return {
		windowMs: cfg.GAME_SUSPEND_SECONDS * 1000,
		staleMs: cfg.GAME_STALE_SECONDS * 1000,
	};
}
