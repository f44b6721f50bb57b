/**
 * National flags drawn in one 60×40 box, by FIFA code. Simplified on purpose: the colours and
 * main shapes that make a flag recognisable at 16 px (a badge beside a team name), not the
 * official construction sheets. Each flag is built from the small primitives below, so a new
 * team is usually one line.
 */

export const FLAG_W = 60;
export const FLAG_H = 40;

type Point = readonly [number, number];

/** Coordinates rounded to two decimals: short markup, identical output on every run. */
const n = (v: number) => String(Math.round(v * 100) / 100);

const W = '#ffffff';
const K = '#000000';

// ---- primitives ---------------------------------------------------------------------------

export const rect = (x: number, y: number, w: number, h: number, fill: string) =>
	`<rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}" fill="${fill}"/>`;

/** The whole box in one colour. */
export const field = (fill: string) => rect(0, 0, FLAG_W, FLAG_H, fill);

export const circle = (cx: number, cy: number, r: number, fill: string, extra = '') =>
	`<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" fill="${fill}"${extra}/>`;

export const polygon = (points: readonly Point[], fill: string) =>
	`<polygon points="${points.map(([x, y]) => `${n(x)},${n(y)}`).join(' ')}" fill="${fill}"/>`;

/** A straight band of `width` from one point to another (diagonals, crosses, the RSA pall). */
export const line = (d: string, stroke: string, width: number) =>
	`<path d="${d}" fill="none" stroke="${stroke}" stroke-width="${n(width)}"/>`;

/**
 * Bands across the flag, top to bottom (`h`) or hoist to fly (`v`), in proportion to
 * `weights` (equal by default). Each band overlaps the next by half a unit so no hairline
 * of the background shows between them when scaled.
 */
export function stripes(
	dir: 'h' | 'v',
	colours: readonly string[],
	weights: readonly number[] = colours.map(() => 1),
): string {
	const total = weights.reduce((a, b) => a + b, 0);
	const span = dir === 'h' ? FLAG_H : FLAG_W;
	let at = 0;
	return colours
		.map((c, i) => {
			const size = (weights[i]! / total) * span;
			const from = at;
			at += size;
			const grow = i < colours.length - 1 ? 0.5 : 0;
			return dir === 'h'
				? rect(0, from, FLAG_W, size + grow, c)
				: rect(from, 0, size + grow, FLAG_H, c);
		})
		.join('');
}

/** Corners of a star with `points` points; the first points up unless `rotate` (degrees). */
export function starPoints(
	cx: number,
	cy: number,
	r: number,
	points = 5,
	inner = 0.382,
	rotate = 0,
): Point[] {
	const out: Point[] = [];
	for (let i = 0; i < points * 2; i++) {
		const a = ((rotate - 90 + (i * 180) / points) * Math.PI) / 180;
		const radius = i % 2 === 0 ? r : r * inner;
		out.push([cx + radius * Math.cos(a), cy + radius * Math.sin(a)]);
	}
	return out;
}

export const star = (
	cx: number,
	cy: number,
	r: number,
	fill: string,
	opts: { points?: number; inner?: number; rotate?: number } = {},
) => polygon(starPoints(cx, cy, r, opts.points, opts.inner, opts.rotate), fill);

/**
 * A crescent opening to the fly: the disc (cx, cy, r) less a disc of radius `cut` moved
 * `shift` towards the fly. Drawn as one path (no background-coloured disc), so it may sit
 * across two colours, as Algeria's does.
 */
export function crescent(
	cx: number,
	cy: number,
	r: number,
	cut: number,
	shift: number,
	fill: string,
): string {
	// Where the two circles meet, relative to the outer centre.
	const x = (shift * shift + r * r - cut * cut) / (2 * shift);
	const y = Math.sqrt(r * r - x * x);
	const outerLarge = x > 0 ? 1 : 0;
	const innerLarge = x - shift > 0 ? 1 : 0;
	return `<path d="M${n(cx + x)} ${n(cy - y)}A${n(r)} ${n(r)} 0 ${outerLarge} 0 ${n(cx + x)} ${n(cy + y)}A${n(cut)} ${n(cut)} 0 ${innerLarge} 1 ${n(cx + x)} ${n(cy - y)}Z" fill="${fill}"/>`;
}

/** A triangle from the hoist to `depth` along the middle (Czechia, Jordan, Cuba…). */
export const hoistTriangle = (depth: number, fill: string) =>
	polygon(
		[
			[0, 0],
			[depth, FLAG_H / 2],
			[0, FLAG_H],
		],
		fill,
	);

/** An upright cross; `x` is the centre of the upright (off-centre for Nordic crosses). */
export const cross = (x: number, width: number, fill: string) =>
	rect(x - width / 2, 0, width, FLAG_H, fill) + rect(0, (FLAG_H - width) / 2, FLAG_W, width, fill);

/** A diagonal cross from corner to corner. */
export const saltire = (width: number, fill: string) =>
	line(`M0 0L${FLAG_W} ${FLAG_H}M${FLAG_W} 0L0 ${FLAG_H}`, fill, width);

/** A whole flag drawn again, scaled into the top-left quarter (clipped to it). */
export const canton = (body: string) =>
	`<svg x="0" y="0" width="${FLAG_W / 2}" height="${FLAG_H / 2}" viewBox="0 0 ${FLAG_W} ${FLAG_H}">${body}</svg>`;

// ---- shared parts -------------------------------------------------------------------------

const UK_BLUE = '#012169';
const UK_RED = '#c8102e';

/** The Union Jack, for the cantons of Australia and New Zealand. */
const UNION_JACK =
	field(UK_BLUE) +
	saltire(8, W) +
	saltire(2.6, UK_RED) +
	cross(FLAG_W / 2, 13, W) +
	cross(FLAG_W / 2, 8, UK_RED);

/** Rows of small dots standing in for stars (too small to draw as stars even at 40 px). */
function dotGrid(x0: number, y0: number, dx: number, dy: number, rows: number, cols: number) {
	let out = '';
	for (let r = 0; r < rows; r++)
		for (let c = 0; c < cols; c++) out += circle(x0 + c * dx, y0 + r * dy, 0.75, W);
	return out;
}

/** A small heater shield (coats of arms), `w` wide with its top-left corner at (x, y). */
const shield = (x: number, y: number, w: number, fill: string, rim: string) =>
	`<path d="M${n(x)} ${n(y)}h${n(w)}v${n(w * 0.6)}a${n(w / 2)} ${n(w / 2)} 0 0 1-${n(w)} 0z" fill="${fill}" stroke="${rim}" stroke-width="1.2"/>`;

/** Croatia's chequy: `count`×`count` squares of `size`, red and white, red first. */
function chequy(x: number, y: number, count: number, size: number, red: string): string {
	let out = rect(x, y, count * size, count * size, W);
	for (let r = 0; r < count; r++)
		for (let c = 0; c < count; c++)
			if ((r + c) % 2 === 0) out += rect(x + c * size, y + r * size, size, size, red);
	return out;
}

/** Points of a mirrored shape: the right half given, the left half reflected about `cx`. */
function mirrored(cx: number, cy: number, right: readonly Point[]): Point[] {
	const r = right.map(([x, y]) => [cx + x, cy + y] as Point);
	const l = [...right].reverse().map(([x, y]) => [cx - x, cy + y] as Point);
	return [...r, ...l];
}

// Albania's double-headed eagle, right half (the left is its mirror image).
const EAGLE_HALF: Point[] = [
	[0, -8],
	[2, -12],
	[5, -15],
	[8, -14],
	[6, -12.5],
	[3.5, -9],
	[6, -10],
	[10, -13],
	[16, -14],
	[14, -10.5],
	[17, -10],
	[14.5, -7],
	[17, -5.5],
	[13.5, -3.5],
	[15, -1],
	[10, -0.5],
	[5, 2],
	[4.5, 6],
	[7, 10],
	[3.5, 9.5],
	[2.5, 14],
	[0, 12],
];

// Wales's dragon, walking towards the hoist.
const DRAGON: Point[] = [
	[8, 13],
	[12, 9],
	[16, 9],
	[19, 13],
	[25, 16],
	[29, 15],
	[32, 5],
	[36, 10],
	[39, 6],
	[40, 14],
	[45, 17],
	[49, 18],
	[52, 13],
	[55, 7],
	[56, 14],
	[51, 23],
	[46, 25],
	[47, 31],
	[50, 34],
	[42, 34],
	[41, 28],
	[31, 28],
	[28, 32],
	[30, 35],
	[23, 35],
	[23, 27],
	[19, 22],
	[15, 17],
	[10, 16],
];

/** A Southern-Cross-style star: white rim with a coloured centre (New Zealand). */
const rimmedStar = (cx: number, cy: number, r: number, fill: string) =>
	star(cx, cy, r, W) + star(cx, cy, r * 0.68, fill);

/** Qatar's white hoist with its nine-point serrated edge. */
function serratedHoist(base: number, tip: number, teeth: number): Point[] {
	const step = FLAG_H / teeth;
	const pts: Point[] = [
		[0, 0],
		[base, 0],
	];
	for (let i = 0; i < teeth; i++)
		pts.push([tip, (i + 0.5) * step], [base, Math.min(FLAG_H, (i + 1) * step)]);
	pts.push([0, FLAG_H]);
	return pts;
}

/** North Macedonia's sun: eight rays widening from the centre to the edges. */
function sunRays(fill: string): string {
	const cx = FLAG_W / 2;
	const cy = FLAG_H / 2;
	const rays: [Point, Point][] = [
		[
			[cx - 4, 0],
			[cx + 4, 0],
		],
		[
			[cx - 4, FLAG_H],
			[cx + 4, FLAG_H],
		],
		[
			[0, cy - 4],
			[0, cy + 4],
		],
		[
			[FLAG_W, cy - 4],
			[FLAG_W, cy + 4],
		],
		[
			[0, 0],
			[9, 0],
		],
		[
			[FLAG_W, 0],
			[FLAG_W - 9, 0],
		],
		[
			[0, FLAG_H],
			[9, FLAG_H],
		],
		[
			[FLAG_W, FLAG_H],
			[FLAG_W - 9, FLAG_H],
		],
	];
	return rays.map(([a, b]) => polygon([[cx, cy], a, b], fill)).join('');
}

/** Stripes of two alternating colours (USA, Uruguay). */
const alternating = (count: number, first: string, second: string) =>
	stripes(
		'h',
		Array.from({ length: count }, (_, i) => (i % 2 === 0 ? first : second)),
	);

// ---- the table ----------------------------------------------------------------------------

const R = '#ce1126';

/** Every drawn flag by FIFA code: the SVG body inside a 60×40 viewBox. */
export const FLAGS: Readonly<Record<string, string>> = {
	// Vertical tricolours and bicolours.
	FRA: stripes('v', ['#0055a4', W, '#ef4135']),
	ITA: stripes('v', ['#009246', W, '#ce2b37']),
	BEL: stripes('v', [K, '#fdda24', '#ef3340']),
	IRL: stripes('v', ['#169b62', W, '#ff883e']),
	ROU: stripes('v', ['#002b7f', '#fcd116', R]),
	MEX:
		stripes('v', ['#006847', W, R]) +
		circle(30, 20, 4, '#8c5a2b', ' fill-opacity="0.85"') +
		circle(30, 20, 2, '#5b8c3a'),
	CIV: stripes('v', ['#f77f00', W, '#009e60']),
	SEN: stripes('v', ['#00853f', '#fdef42', '#e31b23']) + star(30, 20.5, 5, '#00853f'),
	CMR: stripes('v', ['#007a5e', R, '#fcd116']) + star(30, 20.5, 5, '#fcd116'),
	NGA: stripes('v', ['#008751', W, '#008751']),
	PER: stripes('v', ['#d91023', W, '#d91023']),
	CAN:
		stripes('v', [R, W, R], [1, 2, 1]) +
		star(30, 19, 7.5, R, { points: 11, inner: 0.55 }) +
		rect(29.3, 22, 1.4, 7, R),
	ALG:
		stripes('v', ['#006233', W]) +
		crescent(31, 20, 10, 8, 3, '#d21034') +
		star(35, 20, 4.5, '#d21034', { rotate: -18 }),
	POR:
		stripes('v', ['#046a38', '#da291c'], [2, 3]) +
		circle(24, 20, 8, 'none', ' stroke="#ffe900" stroke-width="2.2"') +
		'<path d="M20.5 15.5h7v6a3.5 3.5 0 0 1-7 0z" fill="#da291c" stroke="#ffffff" stroke-width="1.2"/>' +
		rect(23, 17.5, 2, 4, '#1f3f8f'),

	// Horizontal bands.
	GER: stripes('h', [K, '#dd0000', '#ffce00']),
	NED: stripes('h', ['#ae1c28', W, '#21468b']),
	AUT: stripes('h', ['#ed2939', W, '#ed2939']),
	HUN: stripes('h', ['#ce2939', W, '#477050']),
	RUS: stripes('h', [W, '#0039a6', '#d52b1e']),
	SVN: stripes('h', [W, '#005da4', '#ed1c24']) + shield(13, 6, 10, '#005da4', W),
	SVK:
		stripes('h', [W, '#0b4ea2', '#ee1c25']) +
		shield(15, 9, 14, '#ee1c25', W) +
		rect(21.2, 12, 1.6, 12, W) +
		rect(18.5, 14.5, 7, 1.4, W) +
		rect(17.5, 18, 9, 1.4, W) +
		circle(22, 26, 3.8, '#0b4ea2'),
	CRO: stripes('h', ['#ff0000', W, '#171796']) + chequy(24.5, 9.5, 5, 2.2, '#ff0000'),
	SRB: stripes('h', ['#c6363c', '#0c4076', W]) + shield(13, 10, 11, '#c6363c', '#f0c54b'),
	UKR: stripes('h', ['#0057b7', '#ffd700']),
	POL: stripes('h', [W, '#dc143c']),
	ESP: stripes('h', ['#aa151b', '#f1bf00', '#aa151b'], [1, 2, 1]),
	COL: stripes('h', ['#fcd116', '#003893', R], [2, 1, 1]),
	ECU:
		stripes('h', ['#ffdd00', '#034ea2', '#ed1c24'], [2, 1, 1]) +
		'<ellipse cx="30" cy="20" rx="4.5" ry="6" fill="#6cb4e4" stroke="#8a6a2e" stroke-width="1.2"/>' +
		polygon(
			[
				[24, 13],
				[30, 11.5],
				[36, 13],
				[30, 15],
			],
			'#3b2a1a',
		),
	ARG: stripes('h', ['#74acdf', W, '#74acdf']) + circle(30, 20, 3.6, '#f6b40e'),
	GHA: stripes('h', [R, '#fcd116', '#006b3f']) + star(30, 20.5, 5.5, K),
	PAR:
		stripes('h', ['#d52b1e', W, '#0038a8']) +
		circle(30, 20, 3, 'none', ' stroke="#0038a8" stroke-width="1"'),
	EGY: stripes('h', ['#ce1126', W, K]) + circle(30, 20, 3, '#c09300'),
	IRQ: stripes('h', ['#ce1126', W, K]),
	IRN:
		stripes('h', ['#239f40', W, '#da0000']) +
		circle(30, 20, 3, 'none', ' stroke="#da0000" stroke-width="1.3"'),
	GAB: stripes('h', ['#009e60', '#fcd116', '#3a75c4']),
	EST: stripes('h', ['#0072ce', K, W]),
	LTU: stripes('h', ['#fdb913', '#006a44', '#c1272d']),
	ARM: stripes('h', ['#d90012', '#0033a0', '#f2a800']),
	BUL: stripes('h', [W, '#00966e', '#d62612']),
	CRC: stripes('h', ['#002b7f', W, R, W, '#002b7f'], [1, 1, 2, 1, 1]),
	CPV:
		stripes('h', ['#003893', W, '#cf2027', W, '#003893'], [6, 1, 1, 1, 3]) +
		Array.from({ length: 10 }, (_, i) => {
			const a = (i * 36 * Math.PI) / 180;
			return star(22 + 8 * Math.sin(a), 25 - 8 * Math.cos(a), 1.9, '#f7d116');
		}).join(''),
	UZB:
		stripes('h', ['#0099b5', R, W, R, '#1eb53a'], [12.5, 1, 13, 1, 12.5]) +
		crescent(8.5, 6.5, 4.5, 3.7, 1.8, W) +
		[
			[21, 3],
			[24.5, 3],
			[28, 3],
			[17.5, 6.5],
			[21, 6.5],
			[24.5, 6.5],
			[28, 6.5],
			[14, 10],
			[17.5, 10],
			[21, 10],
			[24.5, 10],
			[28, 10],
		]
			.map(([x, y]) => star(x!, y!, 1.3, W))
			.join(''),
	HAI:
		stripes('h', ['#00209f', '#d21034']) +
		rect(21, 13, 18, 14, W) +
		rect(21, 23.5, 18, 3.5, '#1d7a33') +
		polygon(
			[
				[30, 14],
				[34, 22],
				[26, 22],
			],
			'#1d7a33',
		),
	WAL: stripes('h', [W, '#00b140']) + polygon(DRAGON, '#c8102e'),
	CZE: stripes('h', [W, '#d7141a']) + hoistTriangle(30, '#11457e'),
	JOR:
		stripes('h', [K, W, '#007a3d']) +
		hoistTriangle(30, R) +
		star(10, 20, 3.2, W, { points: 7, inner: 0.5 }),
	USA:
		alternating(13, '#b22234', W) +
		rect(0, 0, 24, (40 * 7) / 13, '#3c3b6e') +
		dotGrid(2, 2, 4, 4, 5, 6) +
		dotGrid(4, 4, 4, 4, 4, 5),
	URU:
		alternating(9, W, '#0038a8') +
		rect(0, 0, 22, (40 * 5) / 9, W) +
		star(11, 11, 8, '#fcd116', { points: 16, inner: 0.62 }) +
		circle(11, 11, 4, '#fcd116', ' stroke="#7b3f00" stroke-width="0.6"'),

	// Fields with a cross.
	DEN: field('#c8102e') + cross(20, 8, W),
	SWE: field('#006aa7') + cross(20, 8, '#fecc00'),
	FIN: field(W) + cross(20, 8, '#002f6c'),
	NOR: field('#ba0c2f') + cross(20, 8, W) + cross(20, 4, '#00205b'),
	ISL: field('#02529c') + cross(20, 8, W) + cross(20, 4, '#dc1e35'),
	ENG: field(W) + cross(30, 8, '#ce1124'),
	GEO:
		field(W) +
		cross(30, 7, '#ff0000') +
		[
			[13, 8.5],
			[47, 8.5],
			[13, 31.5],
			[47, 31.5],
		]
			.map(
				([x, y]) =>
					rect(x! - 3.5, y! - 1, 7, 2, '#ff0000') + rect(x! - 1, y! - 3.5, 2, 7, '#ff0000'),
			)
			.join(''),
	SUI: field('#da291c') + rect(26, 8, 8, 24, W) + rect(18, 16, 24, 8, W),
	SCO: field('#005eb8') + saltire(7, W),

	// A field with a device.
	JPN: field(W) + circle(30, 20, 11, '#bc002d'),
	KOR:
		field(W) +
		circle(30, 20, 10, '#cd2e3a') +
		'<path d="M20 20a5 5 0 0 0 10 0a5 5 0 0 1 10 0a10 10 0 0 1-20 0z" fill="#0047a0"/>',
	BAN: field('#006a4e') + circle(27, 20, 11, '#f42a41'),
	TUR: field('#e30a17') + crescent(22, 20, 10, 8, 2.6, W) + star(34, 20, 5, W, { rotate: -90 }),
	TUN:
		field('#e70013') +
		circle(30, 20, 10, W) +
		crescent(29, 20, 7.5, 6, 2, '#e70013') +
		star(32.5, 20, 3.8, '#e70013', { rotate: -90 }),
	MAR:
		field('#c1272d') +
		`<path d="M${[0, 2, 4, 1, 3]
			.map((i) => starPoints(30, 21, 10)[i * 2]!.map(n).join(' '))
			.join('L')}Z" fill="none" stroke="#006233" stroke-width="1.8" stroke-linejoin="round"/>`,
	ALB: field('#e41e20') + polygon(mirrored(30, 20, EAGLE_HALF), K),
	KSA:
		field('#006c35') +
		line('M15 17q2.5-5 5 0t5 0t5 0t5 0t5 0t5 0', W, 2) +
		rect(17, 11, 1.6, 6, W) +
		rect(32, 11, 1.6, 6, W) +
		rect(15, 26, 30, 1.8, W) +
		rect(42, 24, 1.6, 6, W),
	MKD:
		field('#d20000') +
		sunRays('#ffe600') +
		circle(30, 20, 7, '#ffe600') +
		circle(30, 20, 5.4, '#ffe600', ' stroke="#d20000" stroke-width="1.3"'),
	QAT: field('#8a1538') + polygon(serratedHoist(15, 21, 9), W),
	BRA:
		field('#009c3b') +
		polygon(
			[
				[30, 4],
				[55, 20],
				[30, 36],
				[5, 20],
			],
			'#ffdf00',
		) +
		circle(30, 20, 8.5, '#002776') +
		line('M21.8 18.3Q30 15.5 38.3 22.4', W, 1.4),
	COD:
		field('#007fff') +
		line('M-6 46L66 -6', '#f7d618', 13) +
		line('M-6 46L66 -6', '#ce1021', 8) +
		star(10.5, 9.5, 6.5, '#f7d618'),
	BIH:
		field('#002395') +
		polygon(
			[
				[16, 0],
				[44, 0],
				[44, 40],
			],
			'#fecb00',
		) +
		Array.from({ length: 8 }, (_, i) => star(10 + i * 4.3, -1 + i * 6.2, 2.4, W)).join(''),
	PAN:
		rect(0, 0, 30, 20, W) +
		rect(30, 0, 30, 20, '#da121a') +
		rect(0, 20, 30, 20, '#072357') +
		rect(30, 20, 30, 20, W) +
		star(15, 10.5, 5, '#072357') +
		star(45, 30.5, 5, '#da121a'),
	CUW: field('#002b7f') + rect(0, 25, 60, 5, '#f9e814') + star(7, 7, 3, W) + star(14.5, 14, 4.5, W),
	RSA:
		stripes('h', ['#e03c31', '#001489']) +
		line('M-2 -1.5L26 20L-2 41.5M26 20H60', W, 13.3) +
		line('M-2 -1.5L26 20L-2 41.5M26 20H60', '#007749', 8) +
		polygon(
			[
				[0, 5],
				[19.5, 20],
				[0, 35],
			],
			'#ffb81c',
		) +
		polygon(
			[
				[0, 8.5],
				[15, 20],
				[0, 31.5],
			],
			K,
		),
	AUS:
		field(UK_BLUE) +
		canton(UNION_JACK) +
		star(15, 30, 5, W, { points: 7, inner: 0.45 }) +
		star(45, 33, 3, W, { points: 7, inner: 0.45 }) +
		star(38, 17, 3, W, { points: 7, inner: 0.45 }) +
		star(45, 7, 3, W, { points: 7, inner: 0.45 }) +
		star(52, 15, 3, W, { points: 7, inner: 0.45 }) +
		star(48, 22, 1.7, W),
	NZL:
		field(UK_BLUE) +
		canton(UNION_JACK) +
		rimmedStar(45, 8, 3.2, UK_RED) +
		rimmedStar(39, 18, 3.4, UK_RED) +
		rimmedStar(51.5, 16, 3, UK_RED) +
		rimmedStar(45, 32, 3.8, UK_RED),
};

/** The flag of a FIFA code, or undefined when none is drawn. */
export function flagBody(code: string): string | undefined {
	const key = code.toUpperCase();
	return Object.hasOwn(FLAGS, key) ? FLAGS[key] : undefined;
}
