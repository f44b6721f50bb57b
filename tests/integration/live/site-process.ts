import { type ChildProcess, spawn } from 'node:child_process';

/** A server process of the built site whose output is kept, so a failure can say why. */
export interface SiteProcess {
	child: ChildProcess;
	output: () => string;
}

/** Starts `script` (scripts/serve.mjs or scripts/start.mjs) with `env` over this process's. */
export function spawnSite(script: string, env: Record<string, string>): SiteProcess {
	const child = spawn(process.execPath, [script], {
		env: { ...process.env, ...env },
		stdio: ['ignore', 'pipe', 'pipe'],
	});
	const log: string[] = [];
	const keep = (chunk: Buffer) => {
		log.push(chunk.toString());
		if (log.length > 200) log.shift();
	};
	child.stdout!.on('data', keep);
	child.stderr!.on('data', keep);
	child.on('exit', (code, signal) => log.push(`[exited: ${code ?? signal}]`));
	return { child, output: () => log.join('') };
}

/**
 * Waits until the site answers on `port`. Generous: on a shared 2-core machine the first
 * start (migrations and the data import into PostgreSQL) can take minutes when other suites
 * run beside it. A process that exited fails at once with its output.
 */
export async function waitUp(port: number, site: SiteProcess, ms = 360_000): Promise<void> {
	const { child } = site;
	const deadline = Date.now() + ms;
	while (Date.now() < deadline && child.exitCode === null && child.signalCode === null) {
		try {
			const r = await fetch(`http://127.0.0.1:${port}/robots.txt`, {
				signal: AbortSignal.timeout(5_000),
			});
			if (r.ok) return;
		} catch {
			// Not yet.
		}
		await new Promise((r) => setTimeout(r, 200));
	}
	throw new Error(`site on ${port} did not start; its output:\n${site.output().slice(-4000)}`);
}
