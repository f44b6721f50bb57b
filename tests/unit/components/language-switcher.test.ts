import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import { describe, expect, it } from 'vitest';
import LanguageSwitcher from '~/components/LanguageSwitcher.astro';
import { useTranslations } from '~/i18n/server';

const render = async (locale: 'en' | 'de') => {
	const container = await AstroContainer.create();
	return container.renderToString(LanguageSwitcher, {
		request: new Request(`http://matchday.test/${locale}/leagues`),
		locals: { t: useTranslations(locale), locale } as App.Locals,
	});
};

// axe's label-content-name-mismatch (WCAG 2.5.3): a control's accessible name must contain
// the text it shows, so speech users can say what they see ("click EN").
describe('LanguageSwitcher', () => {
	it('its accessible name starts with the visible language code and says what it does', async () => {
		const html = await render('de');
		const summary = html.match(/<summary[^>]*>([\s\S]*?)<\/summary>/);
		expect(summary).not.toBeNull();
		const [whole, inner] = summary as RegExpMatchArray;
		expect(whole).not.toMatch(/<summary[^>]*aria-label=/);
		const text = (inner ?? '')
			.replace(/<svg[\s\S]*?<\/svg>/g, '')
			.replace(/<[^>]+>/g, ' ')
			.replace(/\s+/g, ' ')
			.trim();
		expect(text.startsWith('DE')).toBe(true);
		expect(text).toContain(useTranslations('de')('language.change'));
	});

	it('links every locale with its hreflang', async () => {
		const html = await render('en');
		for (const l of ['en', 'id', 'de', 'es', 'fr', 'it', 'nl', 'pt', 'tr', 'ru']) {
			expect(html).toContain(`hreflang="${l}"`);
		}
	});
});
