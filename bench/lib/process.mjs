/** Starting and stopping the servers a benchmark measures. */

/** Resolves once `http://127.0.0.1:<port>/robots.txt` answers 200; throws after `timeoutMs`. */
export async function waitUntilUp(port, timeoutMs, what = `the server on port ${port}`) {
	const deadline = Date.now() + timeoutMs;
	for (;;) {
		const up = await fetch(`http://127.0.0.1:${port}/robots.txt`).then(
			(r) => r.ok,
			() => false,
		);
		if (up) return;
		if (Date.now() > deadline) throw new Error(`${what} did not start`);
		await new Promise((r) => setTimeout(r, 100));
	}
}

/** Sends SIGTERM to `child` and resolves when it has exited. */
export async function stopChild(child) {
	child.kill('SIGTERM');
	await new Promise((r) => (child.exitCode === null ? child.once('exit', r) : r()));
}
