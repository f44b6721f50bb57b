/** What every request-rate benchmark here shares: its options and the line that dates a run. */
import { cpus, totalmem } from 'node:os';

/** `--seconds N` and `--connections N` from the command line, with the defaults. */
export function loadOptions(argv = process.argv) {
	const arg = (name, fallback) => {
		const i = argv.indexOf(`--${name}`);
		return i > 0 ? Number(argv[i + 1]) : fallback;
	};
	return { seconds: arg('seconds', 5), connections: arg('connections', 16) };
}

/** Machine, Node version, date and load, to print above a result table. */
export function describeRun({ seconds, connections }) {
	return [
		`Machine: ${cpus().length} cores (${cpus()[0]?.model}), ${Math.round(totalmem() / 2 ** 30)} GiB; node ${process.version}; ${new Date().toISOString()}`,
		`Load: ${connections} keep-alive connections, ${seconds} s per run, loopback`,
	].join('\n');
}
