/** The spec's guard: reload for a failed script chunk at most once per 60 s. */
export const RELOAD_GUARD_MS = 60_000;

const CHUNK_ERROR =
	/Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|ChunkLoadError/i;

/** True when `reason` is a chunk-load failure and the last reload is old enough. */
export function shouldReloadForChunkError(
	reason: unknown,
	lastReloadAt: number,
	now: number,
): boolean {
	const message = reason instanceof Error ? reason.message : String(reason ?? '');
	if (
		!CHUNK_ERROR.test(message) &&
		!(reason instanceof Error && reason.name === 'ChunkLoadError')
	) {
		return false;
	}
	return now - lastReloadAt >= RELOAD_GUARD_MS;
}
