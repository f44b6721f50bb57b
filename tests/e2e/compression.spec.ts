import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { expect, test } from '@playwright/test';
import { publicPageKinds } from './page-kinds';
import { raw } from './raw-http';
import { adminConsole } from './staff';

// Every text answer over 1 KB goes out compressed when the browser accepts it (issue 34):
// not only the static files and stored pages the front compresses ahead of time, but the
// pages Astro makes per request (live lists, match centres, signed-in pages), JSON and XML.

const TEXT = /^(text\/(?!event-stream)|application\/([\w.+-]+\+)?(json|xml)|image\/svg\+xml)/;
const ACCEPT = { 'Accept-Encoding': 'gzip, deflate, br', Cookie: 'i18n_redirected=en' };

/** The answer's problem, if it is text over 1 KB that went out uncompressed. */
async function uncompressed(
	baseURL: string,
	path: string,
	headers: Record<string, string> = {},
): Promise<string | undefined> {
	const answer = await raw(baseURL, path, { ...ACCEPT, ...headers });
	const type = String(answer.headers['content-type'] ?? '');
	if (!TEXT.test(type)) return undefined;
	const encoding = answer.headers['content-encoding'];
	const text =
		encoding === 'br'
			? brotliDecompressSync(answer.body)
			: encoding === 'gzip'
				? gunzipSync(answer.body)
				: answer.body;
	if (text.length <= 1024) return undefined;
	if (!encoding) return `${path}: ${type}, ${text.length} bytes, not compressed`;
	if (!/accept-encoding/i.test(String(answer.headers.vary ?? '')))
		return `${path}: compressed without Vary: Accept-Encoding`;
	return undefined;
}

test('no text answer over 1 KB goes out uncompressed, public or signed in', async ({
	page,
	request,
	baseURL,
}) => {
	test.setTimeout(120_000);
	const paths = (await publicPageKinds(request)).map((kind) => kind.path);
	const day = (await (await request.get('/api/v1/matches?date=2022-12-18')).json()) as {
		competitions: { matches: { id: number }[] }[];
	};
	const final = day.competitions[0]!.matches[0]!.id;
	paths.push(
		'/api/v1/matches?date=2022-12-18',
		`/api/v1/matches/${final}`,
		'/api/v1/competitions',
		'/api/v1/openapi.json',
		'/sitemap.xml',
		'/en/rss.xml',
	);
	const problems: string[] = [];
	for (const path of paths) {
		const problem = await uncompressed(baseURL!, path);
		if (problem) problems.push(problem);
	}

	// Signed-in pages never come from a store: Astro makes each one.
	await adminConsole(page);
	const cookie = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
	for (const path of [
		'/en/cms',
		'/en/cms/news',
		'/en/cms/audit',
		'/en/account',
		'/en/live-matches',
	]) {
		const problem = await uncompressed(baseURL!, path, { Cookie: cookie });
		if (problem) problems.push(problem);
	}
	expect(problems).toEqual([]);
});

test('a page made per request decodes to the same document as the plain answer', async ({
	baseURL,
}) => {
	const plain = await raw(baseURL!, '/en/team/head-to-head/argentina-vs-france', {
		Cookie: 'i18n_redirected=en',
	});
	expect(plain.headers['content-encoding']).toBeUndefined();
	const packed = await raw(baseURL!, '/en/team/head-to-head/argentina-vs-france', ACCEPT);
	expect(packed.headers['content-encoding']).toBe('br');
	const text = brotliDecompressSync(packed.body).toString();
	expect(text).toContain('</html>');
	expect(text.length).toBeGreaterThan(packed.body.length * 3);
	// Same page: the same title, whatever the transfer encoding.
	const title = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];
	expect(title(text)).toBe(title(plain.body.toString()));
});
