import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTranslations } from '~/i18n/server';
import { catalogueView } from '~/server/streams/catalogue-view';
import { setupPayments, teardownPayments } from './helpers';

beforeAll(() => setupPayments());
afterAll(() => teardownPayments());

const ctx = { locale: 'en' as const, t: useTranslations('en') };
const input = (page: 'tv' | 'highlight') => ({
	page,
	play: null,
	userId: null,
	country: undefined,
	here: `/en/${page}`,
});

// Issue 12: the media pages were text-only cards. Each card now carries the kind's code (its
// drawn thumbnail) and whether it is free (a play mark, or a lock), as well as the words.
describe('media catalogue cards', () => {
	it('TV lists the live feed and the channel, each with its kind code and locked for a visitor', async () => {
		const view = await catalogueView(input('tv'), ctx);
		expect(view?.items.map((i) => i.kindCode).sort()).toEqual(['live', 'tv']);
		for (const item of view?.items ?? []) {
			expect(item.free).toBe(false);
			expect(item.badge).toBe('Plan required');
		}
	});

	it('highlights are free, and say so', async () => {
		const view = await catalogueView(input('highlight'), ctx);
		expect(view?.items.length).toBeGreaterThan(0);
		expect(view?.items.every((i) => i.kindCode === 'highlight' && i.free)).toBe(true);
		expect(view?.items[0]?.badge).toBe('Free');
	});
});
