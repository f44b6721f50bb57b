import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import { afterEach, describe, expect, it } from 'vitest';
import TagManager from '~/components/TagManager.astro';
import { resetConfigForTests } from '~/server/config';

// Google Tag Manager appears only when GTM_ID is set; otherwise not a byte of it.
describe('TagManager', () => {
	afterEach(() => {
		delete process.env.GTM_ID;
		resetConfigForTests();
	});

	it('renders nothing without GTM_ID', async () => {
		delete process.env.GTM_ID;
		resetConfigForTests();
		const container = await AstroContainer.create();
		const html = await container.renderToString(TagManager);
		expect(html.trim()).toBe('');
	});

	it('renders the delayed loader with the container id when GTM_ID is set', async () => {
		process.env.GTM_ID = 'GTM-ABC1234';
		resetConfigForTests();
		const container = await AstroContainer.create();
		const html = await container.renderToString(TagManager);
		expect(html).toContain('<meta name="gtm-id" content="GTM-ABC1234"');
		expect(html).toContain('<script');
		expect(html).not.toContain('googletagmanager.com/gtm.js?id=GTM-ABC1234"');
	});

	it('refuses a malformed GTM_ID at start-up', () => {
		process.env.GTM_ID = '"><script>alert(1)</script>';
		resetConfigForTests();
		return import('~/server/config').then(({ config }) => expect(() => config()).toThrow(/GTM_ID/));
	});
});
