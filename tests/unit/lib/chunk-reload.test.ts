import { describe, expect, it } from 'vitest';
import { RELOAD_GUARD_MS, shouldReloadForChunkError } from '~/lib/chunk-reload';

describe('shouldReloadForChunkError', () => {
	const chunkError = new TypeError('Failed to fetch dynamically imported module: /_astro/x.js');
	it('reloads for a chunk error when the last reload is older than 60 s', () => {
		expect(RELOAD_GUARD_MS).toBe(60_000);
		expect(shouldReloadForChunkError(chunkError, 0, 1_000_000)).toBe(true);
		expect(shouldReloadForChunkError(chunkError, 1_000_000 - 60_000, 1_000_000)).toBe(true);
	});
	it('does not reload twice within 60 s', () => {
		expect(shouldReloadForChunkError(chunkError, 1_000_000 - 59_999, 1_000_000)).toBe(false);
	});
	it('ignores other errors', () => {
		expect(shouldReloadForChunkError(new Error('network down'), 0, 1_000_000)).toBe(false);
		expect(shouldReloadForChunkError(undefined, 0, 1_000_000)).toBe(false);
	});
});
