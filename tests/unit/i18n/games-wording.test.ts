import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '~/i18n/locales';

/**
 * The live games are free and played for points, never money: no locale may speak of bets,
 * wagers, stakes or odds (in the games' strings or the terms page), and every locale's terms
 * page must say the games are free, for points, never money.
 */
const BETTING: Record<string, RegExp> = {
	en: /\b(bet|bets|betting|wager|stake|stakes|odds|gambl\w*)\b/i,
	de: /(wette|wetten|einsatz|quote|glücksspiel)/i,
	es: /(apuesta|apostar|cuota)/i,
	fr: /(\bpari\b|parier|\bmise\b|\bcote\b)/i,
	it: /(scommess|puntata|\bquota\b)/i,
	nl: /(weddenschap|\bwedden\b|\binzet\b|gokken)/i,
	pt: /(aposta|apostar)/i,
	tr: /(bahis|iddaa)/i,
	ru: /(ставк|пари\b|букмекер)/i,
	id: /(taruhan|judi)/i,
};
/** The terms page's sentence that the games are free and never for money, per locale. */
const NEVER_MONEY: Record<string, RegExp> = {
	en: /free to play.*never played for money/s,
	de: /kostenlos.*nie um Geld/s,
	es: /gratuitos.*Nunca se juegan por dinero/s,
	fr: /gratuits.*jamais pour de l'argent/s,
	it: /gratuiti.*Non si giocano mai per denaro/s,
	nl: /gratis.*nooit om geld/s,
	pt: /gratuitos.*Nunca se jogam a dinheiro/s,
	tr: /ücretsizdir.*Asla para için oynanmaz/s,
	ru: /бесплатны.*никогда не играют на деньги/s,
	id: /gratis.*tidak pernah dimainkan untuk uang/s,
};

const strings = (value: unknown): string[] =>
	typeof value === 'string'
		? [value]
		: value && typeof value === 'object'
			? Object.values(value).flatMap(strings)
			: [];

describe('live games wording', () => {
	for (const locale of LOCALES) {
		it(`${locale}: games strings and the terms page never use betting words`, () => {
			const games = JSON.parse(
				readFileSync(join('locales', locale, 'games.json'), 'utf8'),
			) as unknown;
			const terms = readFileSync(join('src/content/pages', locale, 'terms.md'), 'utf8');
			const section = terms.split(/\n## /).find((s) => NEVER_MONEY[locale]!.test(s));
			expect(section, 'the terms say the games are free and never for money').toBeDefined();
			for (const text of [...strings(games), section!])
				expect(text, text).not.toMatch(BETTING[locale]!);
		});
	}
});
