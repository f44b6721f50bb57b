#!/usr/bin/env node
/**
 * Generates the small demo HLS streams shipped in data/media (one per catalogue kind), so
 * the default set-up plays without any media server. Needs ffmpeg on the PATH; the output
 * is committed, so only whoever changes the demo media runs this script.
 *
 *   npx node scripts/make-demo-media.mjs [--force]
 *
 * Each stream: 6 s of an ffmpeg test pattern with a sine tone, 320x180, H.264 baseline +
 * AAC, cut into 2 s MPEG-TS segments (a few hundred KB in all).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const OUT = join(process.cwd(), 'data', 'media');
const STREAMS = [
	{ name: 'demo-live', pattern: 'testsrc2', tone: 440 },
	{ name: 'demo-tv', pattern: 'smptebars', tone: 523 },
	{ name: 'demo-movie', pattern: 'rgbtestsrc', tone: 330 },
	{ name: 'demo-highlight', pattern: 'testsrc', tone: 660 },
];
const force = process.argv.includes('--force');

for (const { name, pattern, tone } of STREAMS) {
	const dir = join(OUT, name);
	if (existsSync(join(dir, 'index.m3u8')) && !force) {
		console.log(`${name}: exists (use --force to regenerate)`);
		continue;
	}
	rmSync(dir, { recursive: true, force: true });
	mkdirSync(dir, { recursive: true });
	execFileSync(
		'ffmpeg',
		[
			'-hide_banner',
			'-loglevel',
			'error',
			'-y',
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
			'-pix_fmt',
			'yuv420p',
			'-b:v',
			'200k',
			'-g',
			'50',
			'-keyint_min',
			'50',
			'-sc_threshold',
			'0',
			'-c:a',
			'aac',
			'-b:a',
			'64k',
			'-ac',
			'2',
			'-f',
			'hls',
			'-hls_time',
			'2',
			'-hls_playlist_type',
			'vod',
			'-hls_segment_filename',
			join(dir, 'seg%03d.ts'),
			join(dir, 'index.m3u8'),
		],
		{ stdio: 'inherit' },
	);
	console.log(`${name}: ${readdirSync(dir).join(', ')}`);
}
