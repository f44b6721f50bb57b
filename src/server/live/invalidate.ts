import { invalidateTags, matchChangeTags } from '../cache/tags';
import type { LiveBus } from './bus';

/**
 * Drops cached pages and data that a live change makes stale, in every process
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
		invalidateTags(matchChangeTags(ids));
	};
	return bus.subscribe((event) => {
		pending.add(event.matchId);
		timer ??= setTimeout(flush, windowMs);
		timer.unref?.();
	});
}
