/**
 * Client side of bench/live-sse.mjs, run as worker threads (the load generator must not be
 * one single thread: reading 10,000 sockets in one event loop would add its own queueing to
 * the latency we measure). Each worker holds raw HTTP/1.0 SSE sockets, counts events and
 * samples the commit→receive latency of stamped events.
 */
import { connect } from 'node:net';
import { performance } from 'node:perf_hooks';
import { parentPort } from 'node:worker_threads';

const now = () => performance.timeOrigin + performance.now();
const clients = [];
let samples = [];

class Client {
	constructor(port, path) {
		this.events = 0;
		this.buf = '';
		this.opened = new Promise((resolve, reject) => {
			this.sock = connect(port, '127.0.0.1');
			this.sock.setEncoding('latin1');
			this.sock.on('error', reject);
			this.sock.write(
				`GET ${path} HTTP/1.0\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n`,
			);
			let head = true;
			this.sock.on('data', (chunk) => {
				const at = now();
				this.buf = this.buf === '' ? chunk : this.buf + chunk;
				if (head) {
					const i = this.buf.indexOf('\r\n\r\n');
					if (i < 0) return;
					head = false;
					this.buf = this.buf.slice(i + 4);
					resolve();
				}
				this.parse(at);
			});
		});
	}
	parse(at) {
		let end;
		let from = 0;
		while ((end = this.buf.indexOf('\n\n', from)) >= 0) {
			const block = this.buf.slice(from, end);
			from = end + 2;
			if (!block.startsWith('id: ') || block.includes('event: snapshot')) continue;
			this.events++;
			const t = block.indexOf('"t":');
			if (t >= 0) samples.push(at - Number.parseFloat(block.slice(t + 4, t + 24)));
		}
		this.buf = from >= this.buf.length ? '' : this.buf.slice(from);
	}
}

parentPort.on('message', async (msg) => {
	if (msg.cmd === 'open') {
		for (let i = 0; i < msg.n; i += 250) {
			const batch = [];
			for (let j = i; j < Math.min(msg.n, i + 250); j++) batch.push(new Client(msg.port, msg.path));
			await Promise.all(batch.map((c) => c.opened));
			clients.push(...batch);
		}
		parentPort.postMessage({ seq: msg.seq, n: clients.length });
	} else if (msg.cmd === 'counts') {
		let min = Infinity;
		for (const c of clients) min = Math.min(min, c.events);
		parentPort.postMessage({ seq: msg.seq, min: clients.length ? min : 0, n: clients.length });
	} else if (msg.cmd === 'samples') {
		const out = Float64Array.from(samples);
		samples = [];
		parentPort.postMessage({ seq: msg.seq, samples: out }, [out.buffer]);
	} else if (msg.cmd === 'close') {
		for (const c of clients.splice(msg.keep ?? 0)) c.sock.destroy();
		parentPort.postMessage({ seq: msg.seq, n: clients.length });
	}
});
