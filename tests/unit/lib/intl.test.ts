import { describe, expect, it } from 'vitest';
import { dateTimeFormat } from '~/lib/intl';

describe('dateTimeFormat', () => {
	it('returns one shared formatter per locale and options', () => {
		const a = dateTimeFormat('de-DE', { dateStyle: 'long', timeZone: 'UTC' });
		const b = dateTimeFormat('de-DE', { dateStyle: 'long', timeZone: 'UTC' });
		expect(a).toBe(b);
		expect(dateTimeFormat('fr-FR', { dateStyle: 'long', timeZone: 'UTC' })).not.toBe(a);
		expect(a.format(new Date('2026-11-22T12:00:00Z'))).toBe('22. November 2026');
	});
	it('throws for an unknown time zone, like Intl', () => {
		expect(() => dateTimeFormat('en', { timeZone: 'Mars/Olympus' })).toThrow();
	});
});
