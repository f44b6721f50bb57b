import { describe, expect, it } from 'vitest';
import {
	MAX_RETRIES,
	mediaToken,
	renewDelayMs,
	retryDelayMs,
	withMediaToken,
} from '~/lib/streams/player';

describe('renewing a signed media address (issue 27)', () => {
	const fresh = { exp: '2000', sig: 'NEW_sig-43' };

	it('reads the signature of a signed address, and none from an unsigned one', () => {
		expect(mediaToken('/media/demo-live/index.m3u8?exp=1000&sig=abc')).toEqual({
			exp: '1000',
			sig: 'abc',
		});
		expect(mediaToken('/media/demo-live/index.m3u8')).toBeNull();
		expect(mediaToken('/media/demo-live/index.m3u8?exp=1000')).toBeNull();
	});

	it('puts the newest signature on playlist and segment addresses, keeping the rest', () => {
		expect(withMediaToken('http://h/media/demo-live/360p_12.ts?exp=1000&sig=old', fresh)).toBe(
			'http://h/media/demo-live/360p_12.ts?exp=2000&sig=NEW_sig-43',
		);
		expect(withMediaToken('/media/s/index.m3u8?exp=1&sig=o&preview=1', fresh)).toBe(
			'/media/s/index.m3u8?exp=2000&sig=NEW_sig-43&preview=1',
		);
	});

	it('leaves addresses that are not our signed media alone', () => {
		for (const url of [
			'https://cdn.example/live/index.m3u8?exp=1&sig=x',
			'/media/demo-live/index.m3u8',
			'/api/watch/demo-live?exp=1&sig=x',
		])
			expect(withMediaToken(url, fresh)).toBe(url);
	});

	it('renews a minute before expiry, or halfway for short lifetimes', () => {
		expect(renewDelayMs(600)).toBe(540_000);
		expect(renewDelayMs(20)).toBe(10_000);
		expect(renewDelayMs(0)).toBe(1_000);
	});

	it('retries back off and are bounded', () => {
		const waits = Array.from({ length: MAX_RETRIES }, (_, i) => retryDelayMs(i));
		expect(waits).toEqual([1_000, 2_000, 4_000, 8_000, 16_000]);
		expect(retryDelayMs(50)).toBe(16_000);
	});
});
