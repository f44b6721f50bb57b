import { describe, expect, it } from 'vitest';
import { LOCALES } from '~/i18n/locales';
import { resources } from '~/i18n/resources';
import { translateWithI18next, useTranslations } from '~/i18n/server';

function keys(value: unknown, prefix: string, out: string[] = []): string[] {
	if (typeof value === 'string') out.push(prefix);
	else if (value && typeof value === 'object') {
		for (const [k, v] of Object.entries(value))
			keys(v, prefix.endsWith(':') ? `${prefix}${k}` : `${prefix}.${k}`, out);
	}
	return out;
}

describe('useTranslations', () => {
	const sample = {
		name: 'Matchday',
		count: 3,
		date: '1 May',
		email: 'a@b.c',
		year: 2026,
		id: 'x',
		home: 'A',
		away: 'B',
		plan: 'Premium',
		competition: 'Cup',
		season: '2024-25',
		group: 'Group A',
		minute: 45,
		team: 'Team',
		score: '1–0',
		days: 2,
		seconds: 5,
	};

	it('gives exactly what i18next gives, for every message of every locale', () => {
		const differences: string[] = [];
		for (const locale of LOCALES) {
			const t = useTranslations(locale);
			for (const [ns, messages] of Object.entries(resources[locale])) {
				for (const key of keys(messages, `${ns}:`)) {
					for (const options of [undefined, sample]) {
						const fast = t(key, options);
						const slow = translateWithI18next(locale, key, options);
						if (fast !== slow) differences.push(`${locale} ${key}: ${fast} ≠ ${slow}`);
					}
				}
			}
		}
		expect(differences.slice(0, 10)).toEqual([]);
	});

	it('falls back to English, then to i18next for unknown keys and default values', () => {
		const t = useTranslations('de');
		expect(t('site.name')).toBe('Matchday');
		expect(t('errors.notFound')).not.toBe('This page could not be found');
		expect(t('no.such.key')).toBe(translateWithI18next('de', 'no.such.key'));
		expect(t('payments:plan.unknown-plan.name', { defaultValue: 'unknown-plan' })).toBe(
			'unknown-plan',
		);
	});

	it('leaves a placeholder without a value as i18next does', () => {
		const t = useTranslations('en');
		expect(t('footer.copyright', { year: 2026 })).toBe(
			translateWithI18next('en', 'footer.copyright', { year: 2026 }),
		);
	});
});
