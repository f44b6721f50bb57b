/**
 * SSE clients of bench/lib/live-probe.ts, run as a worker thread so their reading is not
 * held up by the main thread whose stalls we measure. Each worker holds raw HTTP/1.0 SSE
 * sockets and, for every probe event (stamped `"s"` = change submitted, `"t"` = published
 * just after COMMIT), samples both latencies at the moment the bytes arrive.
 */
import { connect } from 'node:net';
import { performance } from 'node:perf_hooks';
import { parentPort } from 'node:worker_threads';

const now = () => performance.timeOrigin + performance.now();
const clients = [];
let commit = [];
let submit = [];

const stamp = (block, key) => {
	const i = block.indexOf(`"${key}":`);
	return i < 0
		? Number.NaN
		: Number.parseFloat(block.slice(i + key.length + 3, i + key.length + 23));
};

function open(port, path) {
	return new Promise((resolve, reject) => {
		const sock = connect(port, '127.0.0.1');
		sock.setEncoding('latin1');
		sock.on('error', reject);
		sock.write(`GET ${path} HTTP/1.0\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n`);
		let head = true;
		let buf = '';
		sock.on('data', (chunk) => {
			const at = now();
			buf += chunk;
			if (head) {
				const i = buf.indexOf('\r\n\r\n');
				if (i < 0) return;
				head = false;
				buf = buf.slice(i + 4);
				resolve(sock);
			}
			let end;
			let from = 0;
			while ((end = buf.indexOf('\n\n', from)) >= 0) {
				const block = buf.slice(from, end);
				from = end + 2;
				if (!block.includes('"s":')) continue;
				commit.push(at - stamp(block, 't'));
				submit.push(at - stamp(block, 's'));
			}
			buf = buf.slice(from);
		});
	});
}

parentPort.on('message', async (msg) => {
	if (msg.cmd === 'open') {
		for (let i = 0; i < msg.n; i += 250) {
			const batch = [];
			for (let j = i; j < Math.min(msg.n, i + 250); j++) batch.push(open(msg.port, msg.path));
			clients.push(...(await Promise.all(batch)));
		}
		parentPort.postMessage({ seq: msg.seq, n: clients.length });
	} else if (msg.cmd === 'samples') {
		const out = { commit: Float64Array.from(commit), submit: Float64Array.from(submit) };
		commit = [];
		submit = [];
		parentPort.postMessage({ seq: msg.seq, ...out }, [out.commit.buffer, out.submit.buffer]);
	} else if (msg.cmd === 'close') {
		for (const c of clients.splice(0)) c.destroy();
		parentPort.postMessage({ seq: msg.seq });
	}
});
