import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import { describe, expect, it } from 'vitest';
import DataTable from '~/components/football/DataTable.astro';

// axe landmark-unique: the scrolling region sat in a section named by its heading
// ("Squad") and carried the same name, so two landmarks read alike. The region takes the
// table's own, more specific caption ("Argentina squad, FIFA World Cup 2026").
describe('DataTable', () => {
	it('names its scrolling region by the caption, not by the heading above it', async () => {
		const container = await AstroContainer.create();
		const html = await container.renderToString(DataTable, {
			props: { caption: 'Argentina squad, FIFA World Cup 2026', columns: ['#', 'Player'] },
			slots: { default: '<tr><td>10</td><th scope="row">Messi</th></tr>' },
		});
		expect(html).toMatch(/role="region" aria-label="Argentina squad, FIFA World Cup 2026"/);
		expect(html).toMatch(/<caption[^>]*>Argentina squad, FIFA World Cup 2026<\/caption>/);
		expect(html).toContain('Messi');
	});
});
