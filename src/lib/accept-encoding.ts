/** The encodings the site sends, best first. */
export type ContentEncoding = 'br' | 'gzip';

/**
 * The encoding to answer with for an `Accept-Encoding` header: brotli, else gzip, else none.
 * `q=0` refuses an encoding, `*` stands for any not named. The production front's static
 * files keep a copy of this rule (scripts/static-files.mjs, plain JavaScript run without a
 * build); tests/unit/lib/accept-encoding.test.ts holds the two to the same answers.
 */
export function pickEncoding(
	acceptEncoding: string | null | undefined,
): ContentEncoding | undefined {
	if (!acceptEncoding) return undefined;
	const offered = new Map<string, number>();
	for (const part of acceptEncoding.toLowerCase().split(',')) {
		const [name = '', ...params] = part.trim().split(';');
		const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
		offered.set(name.trim(), q ? Number(q.slice(2)) : 1);
	}
	const accepts = (name: string) => (offered.get(name) ?? offered.get('*') ?? 0) > 0;
	if (accepts('br')) return 'br';
	if (accepts('gzip')) return 'gzip';
	return undefined;
}
