#!/usr/bin/env node
/**
 * Generates the small demo HLS media shipped in data/media, so the default set-up plays
 * without any media server. Needs ffmpeg on the PATH; the output is committed, so only
 * whoever changes the demo media runs this script.
 *
 *   node scripts/make-demo-media.mjs [--force]
 *
 * TV, film and highlight: 6 s of an ffmpeg test pattern with a sine tone, 320x180, H.264
 * baseline + AAC, cut into 2 s MPEG-TS segments (VOD playlists).
 *
 * demo-live: the source of the looped live stream (src/server/streams/live.ts). An 8 s loop
 * in two renditions (360p, 720p), 2 s segments that each start on a key frame, plus
 * `live.json` describing them. The server makes the live playlists from it by the clock, so
 * there is no playlist here. Kept tiny with a high CRF: it is a test pattern.
 */
import { execFileSync } from 'node:child_process';
import {
	existsSync,
	mkdirSync,
	readdirSync,
	readFileSync,
	rmSync,
	statSync,
	writeFileSync,
} from 'node:fs';
import { join } from 'node:path';

const OUT = join(process.cwd(), 'data', 'media');
const VOD = [
	{ name: 'demo-tv', pattern: 'smptebars', tone: 523 },
	{ name: 'demo-movie', pattern: 'rgbtestsrc', tone: 330 },
	{ name: 'demo-highlight', pattern: 'testsrc', tone: 660 },
];
const LIVE = {
	name: 'demo-live',
	seconds: 8,
	segment: 2,
	renditions: [
		{ name: '360p', width: 640, height: 360, crf: 42, maxrate: 120 },
		{ name: '720p', width: 1280, height: 720, crf: 48, maxrate: 200 },
	],
};
const force = process.argv.includes('--force');

const ffmpeg = (args) =>
	execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...args], {
		stdio: 'inherit',
	});

/** H.264 main/baseline + stereo AAC with a key frame every `segment` seconds at 25 fps. */
const codecArgs = (gop) => [
	'-pix_fmt',
	'yuv420p',
	'-g',
	String(gop),
	'-keyint_min',
	String(gop),
	'-sc_threshold',
	'0',
	'-c:a',
	'aac',
	'-ac',
	'2',
];

for (const { name, pattern, tone } of VOD) {
	const dir = join(OUT, name);
	if (existsSync(join(dir, 'index.m3u8')) && !force) {
		console.log(`${name}: exists (use --force to regenerate)`);
		continue;
	}
	rmSync(dir, { recursive: true, force: true });
	mkdirSync(dir, { recursive: true });
	ffmpeg([
		'-f',
		'lavfi',
		'-i',
		`${pattern}=size=320x180:rate=25:duration=6`,
		'-f',
		'lavfi',
		'-i',
		`sine=frequency=${tone}:sample_rate=44100:duration=6`,
		'-c:v',
		'libx264',
		'-profile:v',
		'baseline',
		'-level',
		'3.0',
		'-b:v',
		'200k',
		...codecArgs(50),
		'-b:a',
		'64k',
		'-f',
		'hls',
		'-hls_time',
		'2',
		'-hls_playlist_type',
		'vod',
		'-hls_segment_filename',
		join(dir, 'seg%03d.ts'),
		join(dir, 'index.m3u8'),
	]);
	console.log(`${name}: ${readdirSync(dir).join(', ')}`);
}

const liveDir = join(OUT, LIVE.name);
if (existsSync(join(liveDir, 'live.json')) && !force) {
	console.log(`${LIVE.name}: exists (use --force to regenerate)`);
} else {
	rmSync(liveDir, { recursive: true, force: true });
	mkdirSync(liveDir, { recursive: true });
	const renditions = [];
	for (const r of LIVE.renditions) {
		const list = join(liveDir, `${r.name}.tmp.m3u8`);
		ffmpeg([
			'-f',
			'lavfi',
			'-i',
			`testsrc2=size=${r.width}x${r.height}:rate=25:duration=${LIVE.seconds}`,
			'-f',
			'lavfi',
			'-i',
			`sine=frequency=440:beep_factor=4:sample_rate=44100:duration=${LIVE.seconds}`,
			'-c:v',
			'libx264',
			'-profile:v',
			'main',
			'-level',
			'3.1',
			'-preset',
			'veryslow',
			'-crf',
			String(r.crf),
			'-maxrate',
			`${r.maxrate}k`,
			'-bufsize',
			`${r.maxrate * 2}k`,
			...codecArgs(25 * LIVE.segment),
			'-ac',
			'1',
			'-b:a',
			'24k',
			'-f',
			'hls',
			'-hls_time',
			String(LIVE.segment),
			'-hls_playlist_type',
			'vod',
			'-hls_segment_filename',
			join(liveDir, `${r.name}-%d.ts`),
			list,
		]);
		const lines = readFileSync(list, 'utf8').split('\n');
		rmSync(list);
		const segments = [];
		for (const [i, line] of lines.entries()) {
			if (!line.startsWith('#EXTINF:')) continue;
			segments.push({ file: lines[i + 1].trim(), duration: Number.parseFloat(line.slice(8)) });
		}
		const bytes = segments.reduce((n, s) => n + statSync(join(liveDir, s.file)).size, 0);
		const peak = Math.max(
			...segments.map((s) => (statSync(join(liveDir, s.file)).size * 8) / s.duration),
		);
		renditions.push({
			name: r.name,
			width: r.width,
			height: r.height,
			// Measured from the files, so the multivariant playlist tells hls.js the truth.
			bandwidth: Math.ceil(peak),
			averageBandwidth: Math.ceil((bytes * 8) / LIVE.seconds),
			codecs: 'avc1.4d401f,mp4a.40.2',
			segments: segments.map((s) => s.file),
		});
	}
	writeFileSync(
		join(liveDir, 'live.json'),
		`${JSON.stringify({ segmentSeconds: LIVE.segment, renditions }, null, '\t')}\n`,
	);
	console.log(`${LIVE.name}: ${readdirSync(liveDir).join(', ')}`);
}
