/**
 * Starts the baseline (lib/bare-server.mjs) in its own process, as the server under test
 * is, sending exactly `body` (a Buffer) with `headers`.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export async function startBare(port, body, headers) {
	const dir = mkdtempSync(join(tmpdir(), 'bare-'));
	const file = join(dir, 'response.json');
	writeFileSync(file, JSON.stringify({ headers, body: body.toString('base64') }));
	const child = spawn(
		process.execPath,
		[new URL('./bare-server.mjs', import.meta.url).pathname, String(port), file],
		{
			stdio: ['ignore', 'pipe', 'inherit'],
		},
	);
	await new Promise((resolve) => child.stdout.once('data', resolve));
	return {
		stop() {
			child.kill();
			rmSync(dir, { recursive: true, force: true });
		},
	};
}

/** A sampled response's headers, less those that describe one transfer, for startBare. */
export function replayableHeaders(response) {
	const perTransfer = ['content-length', 'date', 'connection', 'keep-alive', 'transfer-encoding'];
	return Object.fromEntries([...response.headers].filter(([name]) => !perTransfer.includes(name)));
}
