import { describe, expect, it } from 'vitest';
import { REFRESH_EXPIRY_COOKIE } from '~/lib/auth-expiry';
import { GUEST_FOLLOWS_KEY } from '~/lib/follows';
import { hasMemberSession, mayHaveFollows } from '~/lib/visitor-hints';

const NOW = 1_800_000_000_000;
const store = (entries: Record<string, string>) => ({
	getItem: (key: string) => entries[key] ?? null,
});

describe('what a cached page can tell about this browser (client directives)', () => {
	it('a member is signed in while the refresh hint is ahead of now', () => {
		expect(hasMemberSession(`${REFRESH_EXPIRY_COOKIE}=${NOW + 1000}`, NOW)).toBe(true);
		expect(hasMemberSession(`tz=UTC; ${REFRESH_EXPIRY_COOKIE}=${NOW + 1}; theme=dark`, NOW)).toBe(
			true,
		);
		expect(hasMemberSession(`${REFRESH_EXPIRY_COOKIE}=${NOW - 1}`, NOW)).toBe(false);
		expect(hasMemberSession(`${REFRESH_EXPIRY_COOKIE}=nonsense`, NOW)).toBe(false);
		expect(hasMemberSession('', NOW)).toBe(false);
	});

	it('follows may exist for a member, or a guest with a non-empty stored list', () => {
		expect(mayHaveFollows(store({}), '', NOW)).toBe(false);
		expect(mayHaveFollows(store({ [GUEST_FOLLOWS_KEY]: '[]' }), '', NOW)).toBe(false);
		expect(
			mayHaveFollows(store({ [GUEST_FOLLOWS_KEY]: '[{"kind":"team","id":1}]' }), '', NOW),
		).toBe(true);
		expect(mayHaveFollows(null, `${REFRESH_EXPIRY_COOKIE}=${NOW + 1000}`, NOW)).toBe(true);
		expect(mayHaveFollows(null, '', NOW)).toBe(false);
	});

	it('storage that throws (private mode, blocked) reads as nothing stored', () => {
		const blocked = {
			getItem: () => {
				throw new DOMException('denied', 'SecurityError');
			},
		};
		expect(mayHaveFollows(blocked, '', NOW)).toBe(false);
	});
});
