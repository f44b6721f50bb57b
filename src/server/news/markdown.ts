/**
 * Console Markdown to HTML that is safe to put in a page (checklist E5). Raw HTML in the
 * source is never passed through: it is escaped, so `<script>` or `<img onerror=…>` shows
 * as text. Links keep only http(s), mailto and same-site addresses; images only the
 * site's own uploads. Everything else marked emits is its own fixed markup with escaped
 * text, so no other sanitiser is needed.
 */
import { Marked, type Tokens } from 'marked';

const escapeHtml = (s: string) =>
	s
		.replace(/&/g, '&amp;')
		.replace(/</g, '&lt;')
		.replace(/>/g, '&gt;')
		.replace(/"/g, '&quot;')
		.replace(/'/g, '&#39;');

/** A link target we keep, or null (the link becomes its text). */
export function safeHref(href: string): string | null {
	const h = href.trim();
	if (/^\/(?!\/)/.test(h) || /^#[\w-]*$/.test(h)) return h;
	if (/^mailto:[^\s<>"]+$/i.test(h)) return h;
	try {
		const url = new URL(h);
		return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
	} catch {
		return null;
	}
}

/** An image source we keep: only uploads served by the site (CSP allows nothing else). */
export function safeImageSrc(src: string): string | null {
	return /^\/media\/news\/[0-9a-f-]{36}\.webp$/.test(src.trim()) ? src.trim() : null;
}

const marked = new Marked({
	gfm: true,
	breaks: false,
	renderer: {
		html(token: Tokens.HTML | Tokens.Tag) {
			return escapeHtml(token.text);
		},
		link(token: Tokens.Link) {
			const label = this.parser.parseInline(token.tokens);
			const href = safeHref(token.href);
			if (!href) return label;
			const external = /^https?:/i.test(href);
			const title = token.title ? ` title="${escapeHtml(token.title)}"` : '';
			return `<a href="${escapeHtml(href)}"${title}${external ? ' rel="nofollow noopener noreferrer"' : ''}>${label}</a>`;
		},
		image(token: Tokens.Image) {
			const src = safeImageSrc(token.href);
			if (!src) return escapeHtml(token.text);
			return `<img src="${escapeHtml(src)}" alt="${escapeHtml(token.text)}" loading="lazy">`;
		},
	},
});

/** The sanitised HTML of a Markdown text. */
export function renderMarkdown(markdown: string): string {
	return marked.parse(markdown, { async: false }) as string;
}
