/**
 * Resolve hook for running the server's TypeScript under Node's type stripping: Vite lets
 * the source import './client' without an extension and through the `~/` alias (src/, set
 * in tsconfig.json); Node needs the file name, so map the alias and try '.ts' and '/index.ts'.
 */
const SRC = new URL('../src/', import.meta.url).href;

export async function resolve(specifier, context, next) {
	const mapped = specifier.startsWith('~/') ? SRC + specifier.slice(2) : specifier;
	try {
		return await next(mapped, context);
	} catch (error) {
		const relative = /^\.{1,2}\//.test(specifier) || mapped !== specifier;
		if (!relative || /\.[cm]?[jt]s$/.test(mapped)) throw error;
		for (const suffix of ['.ts', '/index.ts']) {
			try {
				return await next(mapped + suffix, context);
			} catch {}
		}
		throw error;
	}
}

/** Vite's `?raw` imports (a file's text as the default export), for the same sources. */
export async function load(url, context, next) {
	if (!url.endsWith('?raw')) return next(url, context);
	const { readFile } = await import('node:fs/promises');
	const text = await readFile(new URL(url.slice(0, -'?raw'.length)), 'utf8');
	return {
		format: 'module',
		source: `export default ${JSON.stringify(text)};`,
		shortCircuit: true,
	};
}
