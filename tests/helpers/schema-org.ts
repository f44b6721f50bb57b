/**
 * Checks JSON-LD blocks against the schema.org vocabulary as schema-dts types it (generated
 * from schema.org): each block is written into a TypeScript file as a value of
 * `WithContext<Thing> | Graph` and type-checked, so an unknown type, a property the type
 * does not have or a value of the wrong kind is a compile error naming the block.
 * Google's rich-result rules (required properties) are checked separately.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ts from 'typescript';

export interface Block {
	/** Where the block was found (a page path). */
	source: string;
	data: unknown;
}

/** One message per schema.org violation; empty when every block conforms. */
export function schemaOrgErrors(blocks: Block[]): string[] {
	const dir = mkdtempSync(join(tmpdir(), 'jsonld-'));
	try {
		const lines = [`import type { Graph, Thing, WithContext } from 'schema-dts';`];
		for (const [i, b] of blocks.entries()) {
			lines.push(
				`// ${b.source}`,
				`export const block${i}: WithContext<Thing> | Graph = ${JSON.stringify(b.data)};`,
			);
		}
		const file = join(dir, 'blocks.ts');
		writeFileSync(file, lines.join('\n'));
		const program = ts.createProgram([file], {
			strict: true,
			noEmit: true,
			skipLibCheck: true,
			module: ts.ModuleKind.ESNext,
			moduleResolution: ts.ModuleResolutionKind.Bundler,
			target: ts.ScriptTarget.ES2022,
			typeRoots: [],
			types: [],
			baseUrl: process.cwd(),
			paths: { 'schema-dts': [join(process.cwd(), 'node_modules/schema-dts/dist/schema.d.ts')] },
		});
		return ts.getPreEmitDiagnostics(program).map((d) => {
			const line =
				d.file && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start).line : -1;
			const block = Math.floor((line - 1) / 2);
			return `${blocks[block]?.source ?? '?'}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n').slice(0, 600)}`;
		});
	} finally {
		rmSync(dir, { recursive: true, force: true });
	}
}
