#!/usr/bin/env node
/**
 * `node scripts/make-icons.mjs`: the app icons of the web app manifest, drawn from ONE source,
 * public/icons/icon.svg. The PNGs are committed (the build does not need sharp's native
 * binary); run this again after changing the SVG.
 *
 * - icon-192.png, icon-512.png: "any" purpose, the SVG as drawn (rounded square);
 * - maskable-512.png: full-bleed background with the mark inside the 80% safe zone, so a
 *   launcher's circle or squircle mask never cuts the ball;
 * - apple-touch-icon.png (180): iOS ignores the manifest's icons.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';

const dir = join(import.meta.dirname, '..', 'public', 'icons');
const svg = readFileSync(join(dir, 'icon.svg'), 'utf8');
const BACKGROUND = '#0b7a3e';

async function plain(size, name) {
	await sharp(Buffer.from(svg), { density: 300 }).resize(size, size).png().toFile(join(dir, name));
}

async function fullBleed(size, name, scale) {
	const inner = Math.round(size * scale);
	const mark = await sharp(Buffer.from(svg), { density: 300 })
		.resize(inner, inner)
		.png()
		.toBuffer();
	await sharp({ create: { width: size, height: size, channels: 4, background: BACKGROUND } })
		.composite([{ input: mark, gravity: 'centre' }])
		.png()
		.toFile(join(dir, name));
}

await plain(192, 'icon-192.png');
await plain(512, 'icon-512.png');
await fullBleed(512, 'maskable-512.png', 0.8);
await fullBleed(180, 'apple-touch-icon.png', 0.9);
console.log(`icons written to ${dir}`);
