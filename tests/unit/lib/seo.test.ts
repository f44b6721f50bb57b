import { describe, expect, it } from 'vitest';
import { LOCALES } from '~/i18n/locales';
import { alternatesFor, canonicalFor, jsonLd } from '~/lib/seo';

describe('seo helpers', () => {
	it('lists every locale plus x-default', () => {
		const links = alternatesFor('/faq', 'https://example.org');
		expect(links).toHaveLength(LOCALES.length + 1);
		expect(links.find((l) => l.hreflang === 'de')?.href).toBe('https://example.org/de/faq');
		expect(links.at(-1)).toEqual({ hreflang: 'x-default', href: 'https://example.org/en/faq' });
	});
	it('builds the canonical from the configured origin', () => {
		expect(canonicalFor('/', 'fr', 'https://example.org')).toBe('https://example.org/fr');
	});
	it('keeps </script> inside JSON-LD inert (E5)', () => {
		const out = jsonLd({ name: '</script><script>alert(1)</script>' });
		expect(out).not.toContain('</script>');
		expect(JSON.parse(out)).toEqual({ name: '</script><script>alert(1)</script>' });
	});
});

describe('publishableStructuredData', () => {
	const list = (n: number) => ({
		'@type': 'ItemList',
		itemListElement: Array.from({ length: n }, (_, i) => ({
			'@type': 'ListItem',
			position: i + 1,
		})),
	});
	it('drops empty ItemLists, alone or in a graph', async () => {
		const { publishableStructuredData } = await import('../../../src/lib/seo');
		expect(
			publishableStructuredData({ '@context': 'https://schema.org', ...list(0) }),
		).toBeUndefined();
		const site = { '@type': 'WebSite', name: 'x' };
		expect(
			publishableStructuredData({ '@context': 'https://schema.org', '@graph': [site, list(0)] }),
		).toEqual({ '@context': 'https://schema.org', '@graph': [site] });
		expect(publishableStructuredData({ '@graph': [list(0)] })).toBeUndefined();
		const kept = { '@context': 'https://schema.org', ...list(2) };
		expect(publishableStructuredData(kept)).toBe(kept);
	});
});
