/**
 * Lets benchmarks run site modules through tsx outside Vite: Vite replaces
 * `import.meta.glob(pattern, { eager: true, … })` at build time (the translations in
 * src/i18n/resources.ts use it), plain Node has no such thing. This loader hook gives
 * those modules a small synchronous stand-in (eager only; JSON files parsed, others read
 * as text; `import: 'default'` honoured). Use: `node --import tsx --import ./bench/lib/vite-glob.mjs`.
 */
import { register } from 'node:module';

if (!globalThis.__viteGlobRegistered) {
	globalThis.__viteGlobRegistered = true;
	register(new URL(import.meta.url));
}

const PRELUDE = `import { readFileSync as __globRead, readdirSync as __globDir, statSync as __globStat } from 'node:fs';
const __viteGlob = (pattern, options = {}) => {
	if (!options.eager) throw new Error('bench/lib/vite-glob.mjs: only eager globs');
	const base = new URL('.', import.meta.url);
	const parts = pattern.replace(/^\\.\\//, '').split('/');
	const toRe = (p) => new RegExp('^' + p.replace(/[.+^\${}()|[\\]\\\\]/g, '\\\\$&').replace(/\\*/g, '[^/]*') + '$');
	let found = [''];
	for (const [i, part] of parts.entries()) {
		const re = toRe(part);
		const last = i === parts.length - 1;
		found = found.flatMap((dir) => {
			let names;
			try { names = __globDir(new URL(dir || '.', base)); } catch { return []; }
			return names.filter((n) => re.test(n)).map((n) => dir + n + (last ? '' : '/'))
				.filter((p) => last ? __globStat(new URL(p, base)).isFile() : true);
		});
	}
	const out = {};
	for (const rel of found.sort()) {
		const text = __globRead(new URL(rel, base), 'utf8');
		const value = rel.endsWith('.json') ? JSON.parse(text) : text;
		out['./' + rel] = options.import === 'default' || rel.endsWith('.json') ? value : { default: value };
	}
	return out;
};
`;

export async function load(url, context, nextLoad) {
	const result = await nextLoad(url, context);
	if (!url.startsWith('file:') || url.includes('/node_modules/') || result.source == null)
		return result;
	const source =
		typeof result.source === 'string' ? result.source : Buffer.from(result.source).toString('utf8');
	if (!source.includes('import.meta.glob')) return result;
	return { ...result, source: PRELUDE + source.replaceAll('import.meta.glob', '__viteGlob') };
}
