import { LOCALE_TAGS, type Locale } from '~/i18n/locales';

/** Currencies every plan is priced in (ISO 4217); all have two minor digits. */
export const CURRENCIES = ['EUR', 'USD', 'GBP', 'TRY', 'IDR', 'RUB'] as const;
export type Currency = (typeof CURRENCIES)[number];

export function isCurrency(value: unknown): value is Currency {
	return typeof value === 'string' && (CURRENCIES as readonly string[]).includes(value);
}

/** The currency shown first to a visitor of this language. */
export function defaultCurrency(locale: Locale): Currency {
	switch (locale) {
		case 'tr':
			return 'TRY';
		case 'id':
			return 'IDR';
		case 'ru':
			return 'RUB';
		case 'en':
			return 'GBP';
		default:
			return 'EUR';
	}
}

/** An amount in minor units, formatted with the visitor's locale conventions. */
export function formatMoney(amount: number, currency: string, locale: Locale): string {
	return new Intl.NumberFormat(LOCALE_TAGS[locale], {
		style: 'currency',
		currency,
		trailingZeroDisplay: 'stripIfInteger',
	}).format(amount / 100);
}

/** Amount after a percentage discount, rounded to the minor unit. */
export function discounted(amount: number, percentOff: number): number {
	return Math.round((amount * (100 - percentOff)) / 100);
}

/** Payment methods named by their brand, the same in every language (others are translated). */
export const BRAND_METHODS: Record<string, string> = {
	apple_pay: 'Apple Pay',
	google_pay: 'Google Pay',
};
