/*
 * Shifting the clock of an MPEG transport stream segment: every PES timestamp (PTS, DTS),
 * every programme clock reference (PCR, OPCR) moved by the same number of 90 kHz ticks, and
 * every continuity counter moved on by a per-PID count. The live demo (live.ts) plays a
 * short loop of shipped files as if an encoder were producing them without end: each time
 * the loop comes round its files are sent with the clock and the counters carried on from
 * where the previous round stopped, so players see one continuous stream.
 */

const PACKET = 188;
/** Timestamps are 33-bit counts of a 90 kHz clock and wrap, as a real encoder's do. */
const WRAP = 2 ** 33;

/** PES stream ids whose header has no optional fields (and so no timestamps). */
const NO_PES_HEADER = new Set([0xbc, 0xbe, 0xbf, 0xf0, 0xf1, 0xf2, 0xf8, 0xff]);

function readTimestamp(b: Uint8Array, at: number): number {
	return (
		((b[at] >> 1) & 0x07) * 2 ** 30 +
		b[at + 1] * 2 ** 22 +
		(b[at + 2] >> 1) * 2 ** 15 +
		b[at + 3] * 2 ** 7 +
		(b[at + 4] >> 1)
	);
}

/** Writes a PES timestamp, keeping the 4-bit prefix of its first byte. */
function writeTimestamp(b: Uint8Array, at: number, value: number): void {
	const high = Math.floor(value / 2 ** 30);
	const low = value % 2 ** 30;
	b[at] = (b[at] & 0xf0) | (high << 1) | 1;
	b[at + 1] = (low >>> 22) & 0xff;
	b[at + 2] = (((low >>> 15) & 0x7f) << 1) | 1;
	b[at + 3] = (low >>> 7) & 0xff;
	b[at + 4] = ((low & 0x7f) << 1) | 1;
}

function readClock(b: Uint8Array, at: number): number {
	return (
		b[at] * 2 ** 25 + b[at + 1] * 2 ** 17 + b[at + 2] * 2 ** 9 + b[at + 3] * 2 + (b[at + 4] >> 7)
	);
}

/** Writes a PCR base, keeping the reserved bits and the 27 MHz extension after it. */
function writeClock(b: Uint8Array, at: number, value: number): void {
	b[at] = Math.floor(value / 2 ** 25) & 0xff;
	b[at + 1] = Math.floor(value / 2 ** 17) & 0xff;
	b[at + 2] = Math.floor(value / 2 ** 9) & 0xff;
	b[at + 3] = Math.floor(value / 2) & 0xff;
	b[at + 4] = ((value % 2) << 7) | (b[at + 4] & 0x7f);
}

const shift = (value: number, ticks: number) => (((value + ticks) % WRAP) + WRAP) % WRAP;

/** Packets that carry a payload, per PID: each advances that PID's continuity counter. */
export function payloadPackets(segment: Uint8Array): Map<number, number> {
	const counts = new Map<number, number>();
	for (let i = 0; i + PACKET <= segment.length; i += PACKET) {
		if (segment[i] !== 0x47) break;
		const pid = ((segment[i + 1] & 0x1f) << 8) | segment[i + 2];
		if (segment[i + 3] & 0x10) counts.set(pid, (counts.get(pid) ?? 0) + 1);
	}
	return counts;
}

/**
 * A copy of `segment` with its clock moved on by `ticks` (90 kHz, may exceed 2^33: taken
 * modulo) and each PID's continuity counter moved on by `counters.get(pid)` (modulo 16).
 * Packets are left as they are from the first one that has lost its sync byte.
 */
export function shiftSegment(
	segment: Uint8Array,
	ticks: number,
	counters: Map<number, number>,
): Uint8Array {
	const out = new Uint8Array(segment);
	for (let i = 0; i + PACKET <= out.length; i += PACKET) {
		if (out[i] !== 0x47) break;
		const pid = ((out[i + 1] & 0x1f) << 8) | out[i + 2];
		const control = (out[i + 3] >> 4) & 0x03;
		if (control & 0x01) {
			const cc = ((out[i + 3] & 0x0f) + (counters.get(pid) ?? 0)) % 16;
			out[i + 3] = (out[i + 3] & 0xf0) | cc;
		}
		let p = i + 4;
		if (control & 0x02) {
			const length = out[p];
			if (length > 0) {
				const flags = out[p + 1];
				let q = p + 2;
				if (flags & 0x10) {
					writeClock(out, q, shift(readClock(out, q), ticks));
					q += 6;
				}
				if (flags & 0x08) writeClock(out, q, shift(readClock(out, q), ticks));
			}
			p += 1 + length;
		}
		const unitStart = (out[i + 1] & 0x40) !== 0;
		if (!(control & 0x01) || !unitStart || p + 14 > i + PACKET) continue;
		if (out[p] !== 0 || out[p + 1] !== 0 || out[p + 2] !== 1) continue;
		if (NO_PES_HEADER.has(out[p + 3])) continue;
		const flags = out[p + 7] >> 6;
		if (flags & 0x02) writeTimestamp(out, p + 9, shift(readTimestamp(out, p + 9), ticks));
		if (flags === 0x03 && p + 19 <= i + PACKET)
			writeTimestamp(out, p + 14, shift(readTimestamp(out, p + 14), ticks));
	}
	return out;
}

/** The PES timestamps (PTS) of a segment per PID, in 90 kHz ticks, in order: for tests. */
export function presentationTimes(segment: Uint8Array): Map<number, number[]> {
	const out = new Map<number, number[]>();
	for (let i = 0; i + PACKET <= segment.length; i += PACKET) {
		if (segment[i] !== 0x47) break;
		const pid = ((segment[i + 1] & 0x1f) << 8) | segment[i + 2];
		const control = (segment[i + 3] >> 4) & 0x03;
		let p = i + 4;
		if (control & 0x02) p += 1 + segment[p];
		if (!(control & 0x01) || !(segment[i + 1] & 0x40) || p + 14 > i + PACKET) continue;
		if (segment[p] !== 0 || segment[p + 1] !== 0 || segment[p + 2] !== 1) continue;
		if (NO_PES_HEADER.has(segment[p + 3]) || !(segment[p + 7] & 0x80)) continue;
		const list = out.get(pid) ?? [];
		list.push(readTimestamp(segment, p + 9));
		out.set(pid, list);
	}
	return out;
}
