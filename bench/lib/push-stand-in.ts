/**
 * The push service stand-in of bench/push-goal-run.ts, in its own process (a real push
 * service is another machine; here it still shares the 2 cores). It is the one the
 * integration tests use (tests/helpers/push-service.ts): every request's VAPID JWT is
 * verified and its body decrypted with the subscription's keys (RFC 8291). Endpoints are
 * `/push/s<N>`; BENCH_KEYS real key pairs are made and endpoint N uses pair N mod BENCH_KEYS.
 * Driven over IPC: `ready` with the origin, certificate and public keys; `stats` on demand.
 */
import { performance } from 'node:perf_hooks';
import { type FakeBrowser, startPushService } from '../../tests/helpers/push-service';

const now = () => performance.timeOrigin + performance.now();
const KEYS = Number(process.env.BENCH_KEYS ?? 500);
const expectedTag = process.env.BENCH_TAG ?? '';
const pairs: FakeBrowser[] = [];
let firstAt = 0;
let lastAt = 0;

const service = await startPushService(
	{
		publicKey: process.env.BENCH_VAPID_PUBLIC ?? '',
		subject: process.env.BENCH_VAPID_SUBJECT ?? '',
	},
	{
		resolve(endpoint) {
			const m = /\/push\/s(\d+)$/.exec(endpoint);
			if (!m) return undefined;
			const t = now();
			firstAt ||= t;
			lastAt = t;
			return pairs[Number(m[1]) % KEYS];
		},
	},
);
for (let k = 0; k < KEYS; k++) pairs.push(service.browser(`pair-${k}`));

// What arrived, checked and counted, then let go (100,000 payloads are not kept).
const seen = new Set<string>();
let verified = 0;
let duplicates = 0;
let wrong = 0;
let wrongExample = '';
function drain() {
	for (const d of service.deliveries.splice(0)) {
		const h = d.headers;
		const ok =
			d.payload['tag'] === expectedTag &&
			d.payload['kind'] === 'goal' &&
			h['urgency'] === 'high' &&
			h['topic'] === expectedTag &&
			Number(h['ttl']) > 0 &&
			Number(h['ttl']) <= 180;
		if (!ok) {
			wrong++;
			wrongExample ||= JSON.stringify({ payload: d.payload, ttl: h['ttl'], topic: h['topic'] });
		}
		if (seen.has(d.endpoint)) duplicates++;
		else seen.add(d.endpoint);
		verified++;
	}
}
setInterval(drain, 200).unref();

process.on('message', (msg: { cmd: string }) => {
	if (msg.cmd === 'stats') {
		drain();
		process.send?.({
			stats: {
				verified,
				distinct: seen.size,
				duplicates,
				wrong,
				wrongExample,
				problems: service.problems.length,
				problemExample: service.problems[0] ?? '',
				firstAt,
				lastAt,
			},
		});
	} else if (msg.cmd === 'close') {
		void service.close();
		process.exit(0);
	}
});
process.send?.({
	ready: true,
	origin: service.origin,
	ca: String((service.agent.options as { ca?: unknown }).ca ?? ''),
	keys: pairs.map((p) => p.keys),
});
