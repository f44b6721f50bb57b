import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';

/**
 * The production server (scripts/serve.mjs on a build) as a real child process, for the
 * operations tests: start-up refusals, locks, health, logs, metrics, signals.
 */
export const SITE_DIR = process.env.LIVE_SITE_DIR;
const SERVER = join(process.cwd(), 'scripts', 'serve.mjs');

/** A port nobody listens on right now. */
export function freePort(): Promise<number> {
	return new Promise((resolve, reject) => {
		const probe = createServer();
		probe.once('error', reject);
		probe.listen(0, '127.0.0.1', () => {
			const { port } = probe.address() as { port: number };
			probe.close(() => resolve(port));
		});
	});
}

export interface Site {
	proc: ChildProcess;
	port: number;
	url: (path: string) => string;
	/** Everything written to stdout and stderr so far. */
	output: () => string;
	/** The exit code (null when killed by a signal). */
	exited: Promise<number | null>;
	stop: () => Promise<void>;
}

/** Starts the built server with `env` on top of a minimal test environment. */
export async function startSite(env: Record<string, string>, script = SERVER): Promise<Site> {
	const port = Number(env.PORT ?? (await freePort()));
	const proc = spawn(process.execPath, [script], {
		env: {
			PATH: process.env.PATH ?? '',
			HOME: process.env.HOME ?? '',
			ASTRO_OUT_DIR: SITE_DIR ?? 'dist',
			HOST: '127.0.0.1',
			PORT: String(port),
			DATABASE_URL: 'memory://',
			FEED: 'off',
			...env,
		},
		stdio: ['ignore', 'pipe', 'pipe'],
	});
	let text = '';
	proc.stdout?.on('data', (chunk) => {
		text += chunk;
	});
	proc.stderr?.on('data', (chunk) => {
		text += chunk;
	});
	const exited = new Promise<number | null>((resolve) =>
		proc.once('exit', (code) => resolve(code)),
	);
	return {
		proc,
		port,
		url: (path) => `http://127.0.0.1:${port}${path}`,
		output: () => text,
		exited,
		stop: async () => {
			if (proc.exitCode === null && proc.signalCode === null) proc.kill('SIGKILL');
			await exited;
		},
	};
}

/** Resolves once `path` answers `status`; rejects when the process exits first. */
export async function waitFor(site: Site, path = '/healthz', status = 200): Promise<void> {
	let gone = false;
	void site.exited.then(() => {
		gone = true;
	});
	for (let i = 0; i < 600; i++) {
		if (gone) throw new Error(`the server exited:\n${site.output()}`);
		try {
			if ((await fetch(site.url(path))).status === status) return;
		} catch {
			// Not listening yet.
		}
		await new Promise((r) => setTimeout(r, 200));
	}
	throw new Error(`${path} never answered ${status}:\n${site.output()}`);
}
