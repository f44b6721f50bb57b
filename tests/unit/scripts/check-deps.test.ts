import { mkdirSync, mkdtempSync, copyFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { astroImports, checkDependencies } from '../../../scripts/check-deps.mjs';

const ROOT = join(import.meta.dirname, '../../..');
const made: string[] = [];

/** A throwaway tree with the project's rules and the given files. */
function tree(files: Record<string, string>): string {
	const root = mkdtempSync(join(tmpdir(), 'deps-'));
	made.push(root);
	copyFileSync(join(ROOT, '.dependency-cruiser.cjs'), join(root, '.dependency-cruiser.cjs'));
	writeFileSync(
		join(root, 'tsconfig.json'),
		JSON.stringify({
			compilerOptions: { baseUrl: '.', paths: { '~/*': ['./src/*'] }, jsx: 'react-jsx' },
		}),
	);
	for (const [path, text] of Object.entries(files)) {
		mkdirSync(dirname(join(root, path)), { recursive: true });
		writeFileSync(join(root, path), text);
	}
	return root;
}

afterEach(() => {
	for (const root of made.splice(0)) rmSync(root, { recursive: true, force: true });
});

describe('dependency check (npm run check:deps)', () => {
	it('finds no dependency running the wrong way in the project', async () => {
		expect(await checkDependencies(ROOT)).toEqual([]);
	}, 180_000);

	it('fails when an island imports server code', async () => {
		const root = tree({
			'src/server/secret.ts': 'export const key = 1;\n',
			'src/islands/Widget.tsx':
				"import { key } from '../server/secret';\nexport const W = () => key;\n",
		});
		expect((await checkDependencies(root)).join('\n')).toMatch(
			/browser-not-server: src\/islands\/Widget\.tsx/,
		);
	}, 60_000);

	it('fails when server code imports a component, and when a component reaches the database', async () => {
		const root = tree({
			'src/server/db/client.ts': 'export const db = 1;\n',
			'src/server/football/x.ts': "import '~/components/Card.astro';\nexport const x = 1;\n",
			'src/components/Card.astro':
				"---\nimport { db } from '~/server/db/client';\n---\n<p>{db}</p>\n",
		});
		const found = (await checkDependencies(root)).join('\n');
		expect(found).toMatch(
			/server-not-ui: src\/server\/football\/x\.ts → src\/components\/Card\.astro/,
		);
		expect(found).toMatch(
			/components-no-database: src\/components\/Card\.astro → src\/server\/db\/client\.ts/,
		);
	}, 60_000);

	it('fails when server feature folders import each other in a circle without a module cycle', async () => {
		const root = tree({
			'src/server/football/pages.ts':
				"import { live } from '../live/page';\nexport const p = live;\n",
			'src/server/football/cache.ts': 'export const cache = 1;\n',
			'src/server/live/page.ts':
				"import { cache } from '../football/cache';\nexport const live = cache;\n",
		});
		const found = (await checkDependencies(root)).join('\n');
		expect(found).toMatch(/server folders in a cycle: server\/football\/, server\/live\//);
		expect(found).not.toMatch(/no-circular/);
	}, 60_000);

	it('fails on a local import that resolves to nothing (it would hide a wrong arrow)', async () => {
		const root = tree({
			'src/server/views/page.ts':
				"import type { Labels } from '~/islands/gone';\nexport type L = Labels;\n",
			'src/components/Card.astro': "---\nimport Gone from './Gone.astro';\n---\n<Gone />\n",
		});
		const found = (await checkDependencies(root)).join('\n');
		expect(found).toMatch(/not-resolvable: src\/server\/views\/page\.ts → ~\/islands\/gone/);
		expect(found).toMatch(/not-resolvable: src\/components\/Card\.astro → \.\/Gone\.astro/);
	}, 60_000);

	it('reads the imports of an .astro file from its frontmatter and scripts only', () => {
		const source = [
			'---',
			"import Card from '../Card.astro';",
			"import type { Row } from '~/lib/rows';",
			"import { a, b } from './x';",
			'---',
			'<p>import nothing from "markup"</p>',
			"<script>import { go } from '~/scripts/go'; const m = import('./lazy');</script>",
		].join('\n');
		expect(astroImports(source)).toEqual([
			'../Card.astro',
			'~/lib/rows',
			'./x',
			'~/scripts/go',
			'./lazy',
		]);
	});
});
