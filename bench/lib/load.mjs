/**
 * A small closed-loop HTTP load generator: `connections` keep-alive connections each send
 * a request as soon as the previous answer has arrived, for `seconds`. Loopback only.
 */
import http from 'node:http';

export async function load({ url, connections = 16, seconds = 5, headers = {} }) {
	const target = new URL(url);
	if (!['127.0.0.1', 'localhost', '[::1]'].includes(target.hostname)) {
		throw new Error('benchmarks only talk to loopback addresses');
	}
	const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
	const latencies = [];
	let errors = 0;
	let bytes = 0;
	const deadline = performance.now() + seconds * 1000;
	const one = () =>
		new Promise((resolve) => {
			const t0 = performance.now();
			const req = http.get(target, { agent, headers }, (res) => {
				res.on('data', (chunk) => (bytes += chunk.length));
				res.on('end', () => {
					if (res.statusCode !== 200) errors++;
					latencies.push(performance.now() - t0);
					resolve();
				});
			});
			req.on('error', () => {
				errors++;
				resolve();
			});
		});
	const worker = async () => {
		while (performance.now() < deadline) await one();
	};
	const started = performance.now();
	await Promise.all(Array.from({ length: connections }, worker));
	const elapsed = (performance.now() - started) / 1000;
	agent.destroy();
	latencies.sort((a, b) => a - b);
	const pct = (p) =>
		latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? NaN;
	return {
		requests: latencies.length,
		rps: latencies.length / elapsed,
		p50: pct(50),
		p99: pct(99),
		errors,
		bytes,
	};
}
