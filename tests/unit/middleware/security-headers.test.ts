import { describe, expect, it, vi } from 'vitest';

vi.mock('astro:middleware', () => ({ defineMiddleware: <T>(fn: T) => fn }));
const { securityHeaders } = await import('~/middleware/security-headers');
const { HSTS } = await import('~/lib/security-headers');

type Handler = (context: unknown, next: () => Promise<Response>) => Promise<Response>;
const run = (url: string, response: Response, origin?: string) =>
	(securityHeaders as unknown as Handler)(
		{ url: new URL(url), locals: { origin } },
		async () => response,
	);

describe('securityHeaders', () => {
	it('adds HSTS over HTTPS only (H1)', async () => {
		const secure = await run('https://matchday.example/en', new Response('x'));
		expect(secure.headers.get('strict-transport-security')).toMatch(
			/max-age=(\d+); includeSubDomains/,
		);
		const age = Number(/max-age=(\d+)/.exec(secure.headers.get('strict-transport-security')!)![1]);
		expect(age).toBeGreaterThanOrEqual(31_536_000);
		const plain = await run('http://matchday.example/en', new Response('x'));
		expect(plain.headers.get('strict-transport-security')).toBeNull();
	});

	it('finding 19: HSTS when the site origin is https, also when TLS ends at a proxy', async () => {
		// The socket is plain HTTP (the URL the adapter built), the configured origin is https.
		const proxied = await run(
			'http://10.0.0.5:4321/en',
			new Response('x'),
			'https://matchday.example',
		);
		expect(proxied.headers.get('strict-transport-security')).toBe(HSTS);
		const api = await run(
			'http://10.0.0.5:4321/api/v1/x',
			Response.json({}),
			'https://matchday.example',
		);
		expect(api.headers.get('strict-transport-security')).toBe(HSTS);
		const plain = await run('http://h/en', new Response('x'), 'http://localhost:4321');
		expect(plain.headers.get('strict-transport-security')).toBeNull();
	});

	it('finding 18: pages carry CORP (embeds may be loaded cross-origin)', async () => {
		const page = await run('http://h/en', new Response('x'));
		expect(page.headers.get('cross-origin-resource-policy')).toBe('same-origin');
		const embed = await run('http://h/en/embed/lineup/3', new Response('x'));
		expect(embed.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
	});

	it('keeps a page CSP and adds frame-ancestors', async () => {
		const page = new Response('x', {
			headers: { 'Content-Security-Policy': "script-src 'self';" },
		});
		const out = await run('http://h/en', page);
		expect(out.headers.get('content-security-policy')).toBe(
			"script-src 'self'; frame-ancestors 'none'",
		);
	});

	it('lets embeds be framed but nothing else', async () => {
		const embed = await run('http://h/en/embed/lineup/3', new Response('x'));
		expect(embed.headers.get('content-security-policy')).toContain('frame-ancestors *');
		expect(embed.headers.get('x-frame-options')).toBeNull();
		const other = await run('http://h/en/embedded-thing', new Response('x'));
		expect(other.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
	});

	it('copes with immutable headers (Response.redirect)', async () => {
		const out = await run('http://h/x', Response.redirect('http://h/en', 302));
		expect(out.status).toBe(302);
		expect(out.headers.get('x-content-type-options')).toBe('nosniff');
	});

	it('names the charset of HTML pages, and leaves other types alone', async () => {
		const html = await run(
			'http://h/en',
			new Response('<p>x</p>', { headers: { 'Content-Type': 'text/html' } }),
		);
		expect(html.headers.get('content-type')).toBe('text/html; charset=utf-8');
		const json = await run('http://h/api/v1/x', Response.json({ a: 1 }));
		expect(json.headers.get('content-type')).toBe('application/json');
		const feed = await run(
			'http://h/en/rss.xml',
			new Response('<rss/>', { headers: { 'Content-Type': 'application/xml' } }),
		);
		expect(feed.headers.get('content-type')).toBe('application/xml');
	});
});
