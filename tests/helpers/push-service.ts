import { execFileSync } from 'node:child_process';
import { createDecipheriv, createECDH, createHmac, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { Agent, createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { importJWK, jwtVerify } from 'jose';

/**
 * A local stand-in for a push service (FCM, Mozilla, Apple): receives what `web-push` sends,
 * checks the VAPID headers (RFC 8292: a JWT signed by the key in `k`, for this origin, not
 * expired) and the delivery headers, and decrypts the body with the subscription's keys
 * (RFC 8291, aes128gcm, RFC 8188), as the browser would.
 */
export interface Delivery {
	endpoint: string;
	payload: Record<string, unknown>;
	headers: Record<string, string | string[] | undefined>;
}

export interface FakeBrowser {
	endpoint: string;
	keys: { p256dh: string; auth: string };
	privateKey: Buffer;
	publicKey: Buffer;
	authSecret: Buffer;
}

const b64 = (buf: Buffer) => buf.toString('base64url');
const hmac = (key: Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest();

/** RFC 8291 §3.4 and RFC 8188: one record, padding delimiter 0x02. */
export function decryptAes128gcm(body: Buffer, browser: FakeBrowser): string {
	const salt = body.subarray(0, 16);
	const idlen = body.readUInt8(20);
	const serverPublic = body.subarray(21, 21 + idlen);
	const ciphertext = body.subarray(21 + idlen);
	const ecdh = createECDH('prime256v1');
	ecdh.setPrivateKey(browser.privateKey);
	const shared = ecdh.computeSecret(serverPublic);
	const prkKey = hmac(browser.authSecret, shared);
	const keyInfo = Buffer.concat([
		Buffer.from('WebPush: info\0'),
		browser.publicKey,
		serverPublic,
		Buffer.from([1]),
	]);
	const ikm = hmac(prkKey, keyInfo).subarray(0, 32);
	const prk = hmac(salt, ikm);
	const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01')).subarray(0, 16);
	const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01')).subarray(0, 12);
	const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
	decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
	const plain = Buffer.concat([
		decipher.update(ciphertext.subarray(0, ciphertext.length - 16)),
		decipher.final(),
	]);
	const end = plain.lastIndexOf(2);
	if (end < 0) throw new Error('no padding delimiter');
	return plain.subarray(0, end).toString('utf8');
}

export interface PushServiceStandIn {
	origin: string;
	deliveries: Delivery[];
	/** Problems found in requests (bad VAPID, bad headers, undecryptable): must stay empty. */
	problems: string[];
	/** Answers for the next requests to an endpoint (default 201). */
	answer: Map<string, number[]>;
	/**
	 * Endpoints whose requests are kept open, never answered (a sender killed mid-push);
	 * each such request is counted in `held` and is not a delivery.
	 */
	hold: Set<string>;
	held: string[];
	/** The stand-in's certificate (PEM), for a process told to trust it (NODE_EXTRA_CA_CERTS). */
	cert: Buffer;
	browser(id: string): FakeBrowser;
	/** An agent that trusts the stand-in's own certificate (web-push speaks HTTPS only). */
	agent: Agent;
	close(): Promise<void>;
}

/** A throwaway self-signed certificate for 127.0.0.1. */
function selfSigned(): { key: Buffer; cert: Buffer } {
	const dir = mkdtempSync(join(tmpdir(), 'push-cert-'));
	try {
		execFileSync(
			'openssl',
			[
				'req',
				'-x509',
				'-newkey',
				'ec',
				'-pkeyopt',
				'ec_paramgen_curve:prime256v1',
				'-nodes',
				'-keyout',
				join(dir, 'key.pem'),
				'-out',
				join(dir, 'cert.pem'),
				'-days',
				'1',
				'-subj',
				'/CN=127.0.0.1',
				'-addext',
				'subjectAltName=IP:127.0.0.1',
			],
			{ stdio: 'ignore' },
		);
		return { key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) };
	} finally {
		rmSync(dir, { recursive: true, force: true });
	}
}

export async function startPushService(
	vapid: {
		publicKey: string;
		subject: string;
	},
	options: {
		/**
		 * The browser behind an endpoint that `browser()` did not make (bench/push-goal-run.ts:
		 * 100,000 endpoints sharing a few hundred key pairs).
		 */
		resolve?: (endpoint: string) => FakeBrowser | undefined;
	} = {},
): Promise<PushServiceStandIn> {
	const browsers = new Map<string, FakeBrowser>();
	const deliveries: Delivery[] = [];
	const problems: string[] = [];
	const answer = new Map<string, number[]>();
	const hold = new Set<string>();
	const held: string[] = [];
	let origin = '';
	const vapidPublic = Buffer.from(vapid.publicKey, 'base64url');
	const verifyKey = await importJWK(
		{
			kty: 'EC',
			crv: 'P-256',
			x: b64(vapidPublic.subarray(1, 33)),
			y: b64(vapidPublic.subarray(33, 65)),
		},
		'ES256',
	);
	const tls = selfSigned();
	const server: Server = createServer(tls, (req, res) => {
		const chunks: Buffer[] = [];
		req.on('data', (c: Buffer) => chunks.push(c));
		req.on('end', async () => {
			const endpoint = `${origin}${req.url}`;
			if (hold.has(endpoint)) {
				held.push(endpoint);
				return;
			}
			const queued = answer.get(endpoint);
			const status = queued?.shift() ?? 201;
			try {
				const auth = String(req.headers.authorization ?? '');
				const m = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(auth);
				if (!m) throw new Error(`Authorization is not VAPID: ${auth}`);
				if (m[2] !== vapid.publicKey) throw new Error('k is not the server key');
				const { payload: claims } = await jwtVerify(m[1]!, verifyKey, { audience: origin });
				if (claims.sub !== vapid.subject) throw new Error(`sub ${claims.sub}`);
				if (!claims.exp || claims.exp > Date.now() / 1000 + 24 * 3600)
					throw new Error('exp missing or over 24 h');
				if (req.headers['content-encoding'] !== 'aes128gcm')
					throw new Error(`Content-Encoding ${req.headers['content-encoding']}`);
				const browser = browsers.get(endpoint) ?? options.resolve?.(endpoint);
				if (!browser) throw new Error(`unknown endpoint ${endpoint}`);
				if (status >= 400) {
					res.writeHead(status).end();
					return;
				}
				const text = decryptAes128gcm(Buffer.concat(chunks), browser);
				deliveries.push({ endpoint, payload: JSON.parse(text), headers: req.headers });
				res.writeHead(201).end();
			} catch (error) {
				problems.push((error as Error).message);
				res.writeHead(400).end();
			}
		});
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
	return {
		origin,
		deliveries,
		problems,
		answer,
		hold,
		held,
		cert: tls.cert,
		agent: new Agent({ ca: tls.cert }),
		browser(id) {
			const endpoint = `${origin}/push/${id}`;
			const existing = browsers.get(endpoint);
			if (existing) return existing;
			const ecdh = createECDH('prime256v1');
			ecdh.generateKeys();
			const authSecret = randomBytes(16);
			const browser: FakeBrowser = {
				endpoint,
				keys: { p256dh: b64(ecdh.getPublicKey()), auth: b64(authSecret) },
				privateKey: ecdh.getPrivateKey(),
				publicKey: ecdh.getPublicKey(),
				authSecret,
			};
			browsers.set(endpoint, browser);
			return browser;
		},
		close: () =>
			new Promise((resolve) => {
				server.closeAllConnections();
				server.close(() => resolve());
			}),
	};
}
