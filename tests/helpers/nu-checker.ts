/**
 * The W3C Nu HTML checker (vnu.jar from the `vnu-jar` package) run on HTML documents, when
 * Java is installed (Debian's default-jre-headless; `java -version` tells). One JVM checks
 * every document in a single run.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export function javaAvailable(): boolean {
	const probe = spawnSync('java', ['-version'], { encoding: 'utf8' });
	return !probe.error && probe.status === 0;
}

/** Errors per document name; an empty list when every document conforms. */
export function nuErrors(documents: { name: string; html: string }[]): string[] {
	const jar = createRequire(import.meta.url)('vnu-jar') as string;
	const dir = mkdtempSync(join(tmpdir(), 'vnu-'));
	try {
		const files = documents.map((d, i) => {
			const file = join(dir, `${i}.html`);
			writeFileSync(file, d.html);
			return file;
		});
		const run = spawnSync(
			'java',
			['-Xss4m', '-jar', jar, '--format', 'json', '--errors-only', '--exit-zero-always', ...files],
			{
				encoding: 'utf8',
				maxBuffer: 64 * 1024 * 1024,
			},
		);
		if (run.error) throw run.error;
		const report = JSON.parse(run.stderr || run.stdout) as {
			messages: { type: string; url?: string; message: string; extract?: string }[];
		};
		return report.messages
			.filter((m) => m.type === 'error' || m.type === 'non-document-error')
			.map((m) => {
				const index = Number(/(\d+)\.html$/.exec(m.url ?? '')?.[1] ?? -1);
				return `${documents[index]?.name ?? m.url}: ${m.message}${m.extract ? ` [${m.extract.trim().slice(0, 120)}]` : ''}`;
			});
	} finally {
		rmSync(dir, { recursive: true, force: true });
	}
}
