import { describe, expect, it } from 'vitest';
import { mayKeepResponse } from '~/lib/pwa';

describe('what the offline worker may keep', () => {
	it('keeps public pages', () => {
		expect(mayKeepResponse(200, null)).toBe(true);
		expect(mayKeepResponse(200, 'public, max-age=0, s-maxage=30')).toBe(true);
		expect(mayKeepResponse(200, 'no-cache')).toBe(true);
	});

	it('never a private or no-store answer (a signed-in page), nor a failure', () => {
		expect(mayKeepResponse(200, 'private, no-store')).toBe(false);
		expect(mayKeepResponse(200, 'no-store')).toBe(false);
		expect(mayKeepResponse(200, 'Private')).toBe(false);
		expect(mayKeepResponse(200, 'max-age=0,private')).toBe(false);
		expect(mayKeepResponse(200, 'private="set-cookie"')).toBe(false);
		expect(mayKeepResponse(404, null)).toBe(false);
		expect(mayKeepResponse(302, null)).toBe(false);
	});
});
