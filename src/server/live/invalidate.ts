import { invalidateMatch } from '../football/cache';
import { invalidateTags } from '../cache/tags';
import type { LiveBus } from './bus';

/**
 * Drops cached pages and football reads that a live change makes stale, in every process
 * (it follows the bus, so changes committed by another process count too). Changes are
 * coalesced over `windowMs` so a goal flurry costs one sweep, not one per event.
 */
export function followForInvalidation(bus: LiveBus, windowMs = 250): () => void {
	const pending = new Set<string>();
	let timer: ReturnType<typeof setTimeout> | undefined;
	const flush = () => {
		timer = undefined;
		const ids = [...pending];
		pending.clear();
		for (const id of ids) invalidateMatch(Number(id));
		invalidateTags(['home', 'lists', ...ids.map((id) => `match:${id}`)]);
	};
	return bus.subscribe((event) => {
		pending.add(event.matchId);
		timer ??= setTimeout(flush, windowMs);
		timer.unref?.();
	});
}
