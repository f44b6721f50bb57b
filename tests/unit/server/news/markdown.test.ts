import { describe, expect, it } from 'vitest';
import { renderMarkdown, safeHref } from '~/server/news/markdown';

describe('Markdown is sanitised on output', () => {
	it('shows raw HTML as text: no script element, no event handler attribute', () => {
		const html = renderMarkdown(
			'Hello <script>alert(1)</script>\n\n<img src=x onerror=alert(1)>\n\n<a href="javascript:alert(1)">x</a>',
		);
		expect(html).not.toMatch(/<script/i);
		expect(html).not.toMatch(/<img[^>]*onerror/i);
		expect(html).not.toMatch(/<a[^>]*javascript:/i);
		expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
		expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
	});

	it('keeps Markdown structure and escapes text inside it', () => {
		const html = renderMarkdown(
			'## Final\n\n**Bold** and `<b>` and [a link](https://example.org/x)',
		);
		expect(html).toContain('<h2>Final</h2>');
		expect(html).toContain('<strong>Bold</strong>');
		expect(html).toContain('<code>&lt;b&gt;</code>');
		expect(html).toContain('<a href="https://example.org/x" rel="nofollow noopener noreferrer">');
	});

	it('drops dangerous link targets and foreign images, keeping their text', () => {
		for (const href of [
			'javascript:alert(1)',
			'JaVaScRiPt:alert(1)',
			'data:text/html,x',
			'//evil.example/',
		])
			expect(safeHref(href), href).toBeNull();
		expect(renderMarkdown('[click](javascript:alert(1))')).toBe('<p>click</p>\n');
		expect(renderMarkdown('![pic](https://evil.example/x.png)')).toBe('<p>pic</p>\n');
		expect(
			renderMarkdown('![pic](/media/news/0b1e7a52-2f7c-4b8d-9a51-3c1d2e4f5a6b.webp)'),
		).toContain('<img src="/media/news/0b1e7a52-2f7c-4b8d-9a51-3c1d2e4f5a6b.webp" alt="pic"');
	});

	it('escapes quotes in attributes so they cannot open new ones', () => {
		const html = renderMarkdown('[x](https://a.example/ "t\\" onmouseover=\\"alert(1)")');
		// The handler stays inside the title's value, its quotes escaped: no new attribute.
		expect(html).toContain('title="t&quot; onmouseover=&quot;alert(1)"');
		expect(html).not.toMatch(/"\s+onmouseover=/);
	});
});
