import { useStore } from '@nanostores/react';
import { useMemo } from 'react';
import { $liveMatches, type LiveMatchState } from '~/stores/live';

/**
 * The live matches an island shows: the store's, over the server's snapshot (`initial`).
 * The store is empty on the server and until the island seeds it after hydration, so
 * without the snapshot the first paint (and crawlers, and visitors without JavaScript)
 * would show nothing live; with it, server render, hydration and the store agree.
 */
export function useLiveMatches(initial: readonly LiveMatchState[]): Record<string, LiveMatchState> {
	const matches = useStore($liveMatches);
	return useMemo(
		() => ({ ...Object.fromEntries(initial.map((m) => [m.matchId, m])), ...matches }),
		[initial, matches],
	);
}
