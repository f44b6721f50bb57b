import { execFileSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

// scripts/serve.mjs loads React's production build whatever NODE_ENV says about the
// deployment (issue 18: the development build was a third of an uncached render's CPU).
// Each case runs in a fresh process, since React picks its build once per process.
const helper = pathToFileURL('scripts/react-production.mjs').href;
// Resolved as the built server's entry would resolve them.
const entry = pathToFileURL('dist/server/entry.mjs').href;

function probe(preload: boolean, env: Record<string, string | undefined>): string {
	const code = `
		${preload ? `(await import(${JSON.stringify(helper)})).loadReactProduction(${JSON.stringify(entry)});` : ''}
		const { createRequire } = await import('node:module');
		const from = createRequire(${JSON.stringify(entry)});
		const jsx = await import(from.resolve('react/jsx-runtime'));
		const server = await import(from.resolve('react-dom/server'));
		const dev = Object.keys(from.cache).some((f) => f.includes('development') && from.cache[f].loaded);
		console.log(JSON.stringify({ jsx: jsx.jsx.name, dev, server: typeof server.renderToString, env: process.env.NODE_ENV ?? null }));
	`;
	const childEnv = { ...process.env, ...env };
	for (const [k, v] of Object.entries(env)) if (v === undefined) delete childEnv[k];
	return execFileSync(process.execPath, ['--input-type=module', '-e', code], {
		env: childEnv,
		encoding: 'utf8',
	});
}

describe("React's build in the server", () => {
	it('is the production build with NODE_ENV unset, and NODE_ENV stays unset', () => {
		expect(JSON.parse(probe(true, { NODE_ENV: undefined }))).toEqual({
			jsx: 'jsxProd',
			dev: false,
			server: 'function',
			env: null,
		});
	});

	it('is the production build with NODE_ENV=development too, which is left as it was', () => {
		expect(JSON.parse(probe(true, { NODE_ENV: 'development' }))).toMatchObject({
			jsx: 'jsxProd',
			dev: false,
			env: 'development',
		});
	});

	it('would be the development build without it (what the server ran before)', () => {
		expect(JSON.parse(probe(false, { NODE_ENV: undefined }))).toMatchObject({ dev: true });
	});
});
