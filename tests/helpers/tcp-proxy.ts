import { connect, createServer, type AddressInfo, type Server, type Socket } from 'node:net';

/**
 * A TCP proxy on loopback that a test can cut (every connection reset, new ones refused)
 * and bring back on the same port: fault injection for PostgreSQL or Redis without
 * touching the real server.
 */
export class CuttableProxy {
	private server: Server | undefined;
	private sockets = new Set<Socket>();
	port = 0;

	constructor(
		private targetHost: string,
		private targetPort: number,
	) {}

	async start(): Promise<void> {
		this.server = createServer((client) => {
			const upstream = connect(this.targetPort, this.targetHost);
			for (const s of [client, upstream]) {
				this.sockets.add(s);
				s.on('close', () => this.sockets.delete(s));
				s.on('error', () => s.destroy());
			}
			client.pipe(upstream).pipe(client);
		});
		await new Promise<void>((r) => this.server!.listen(this.port, '127.0.0.1', r));
		this.port = (this.server.address() as AddressInfo).port;
	}

	async cut(): Promise<void> {
		for (const s of this.sockets) s.resetAndDestroy();
		this.sockets.clear();
		await new Promise<void>((r) => this.server!.close(() => r()));
	}
}
