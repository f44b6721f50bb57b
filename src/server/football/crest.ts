/**
 * Team badges drawn as SVG: real crests are copyrighted, so a club gets a shield in its
 * colours with its initials, and a national team its flag where a simple drawing of it
 * exists (stripes, crosses, a disc), else the initials badge.
 */
export interface CrestTeam {
	id: number;
	name: string;
	shortName: string;
	tla: string | null;
	isNational: boolean;
	countryCode: string | null;
	colours: { primary: string; secondary: string };
}

/** Where a team's crest is served. */
export function crestUrl(teamId: number): string {
	return `/crest/${teamId}.svg`;
}

type Flag =
	| { kind: 'h' | 'v'; colours: string[] }
	| { kind: 'nordic'; field: string; cross: string; inner?: string }
	| { kind: 'cross'; field: string; cross: string }
	| { kind: 'swiss' }
	| { kind: 'saltire'; field: string; cross: string }
	| { kind: 'disc'; field: string; disc: string };

const R = '#ce1126';
const W = '#ffffff';
const B = '#000000';

/** Flags simple enough to draw, by FIFA code. */
export const FLAGS: Record<string, Flag> = {
	FRA: { kind: 'v', colours: ['#0055a4', W, '#ef4135'] },
	ITA: { kind: 'v', colours: ['#009246', W, '#ce2b37'] },
	BEL: { kind: 'v', colours: [B, '#fdda24', '#ef3340'] },
	IRL: { kind: 'v', colours: ['#169b62', W, '#ff883e'] },
	ROU: { kind: 'v', colours: ['#002b7f', '#fcd116', R] },
	MEX: { kind: 'v', colours: ['#006847', W, R] },
	CIV: { kind: 'v', colours: ['#f77f00', W, '#009e60'] },
	SEN: { kind: 'v', colours: ['#00853f', '#fdef42', '#e31b23'] },
	CMR: { kind: 'v', colours: ['#007a5e', R, '#fcd116'] },
	NGA: { kind: 'v', colours: ['#008751', W, '#008751'] },
	PER: { kind: 'v', colours: ['#d91023', W, '#d91023'] },
	CAN: { kind: 'v', colours: [R, W, W, R] },
	GER: { kind: 'h', colours: [B, '#dd0000', '#ffce00'] },
	NED: { kind: 'h', colours: ['#ae1c28', W, '#21468b'] },
	AUT: { kind: 'h', colours: ['#ed2939', W, '#ed2939'] },
	HUN: { kind: 'h', colours: ['#ce2939', W, '#477050'] },
	RUS: { kind: 'h', colours: [W, '#0039a6', '#d52b1e'] },
	SVN: { kind: 'h', colours: [W, '#005da4', '#ed1c24'] },
	SVK: { kind: 'h', colours: [W, '#0b4ea2', '#ee1c25'] },
	CRO: { kind: 'h', colours: ['#ff0000', W, '#171796'] },
	SRB: { kind: 'h', colours: ['#c6363c', '#0c4076', W] },
	UKR: { kind: 'h', colours: ['#0057b7', '#ffd700'] },
	POL: { kind: 'h', colours: [W, '#dc143c'] },
	ESP: { kind: 'h', colours: ['#aa151b', '#f1bf00', '#f1bf00', '#aa151b'] },
	COL: { kind: 'h', colours: ['#fcd116', '#fcd116', '#003893', R] },
	ARG: { kind: 'h', colours: ['#74acdf', W, '#74acdf'] },
	GHA: { kind: 'h', colours: [R, '#fcd116', '#006b3f'] },
	PAR: { kind: 'h', colours: ['#d52b1e', W, '#0038a8'] },
	EGY: { kind: 'h', colours: ['#ce1126', W, B] },
	IRQ: { kind: 'h', colours: ['#ce1126', W, B] },
	IRN: { kind: 'h', colours: ['#239f40', W, '#da0000'] },
	GAB: { kind: 'h', colours: ['#009e60', '#fcd116', '#3a75c4'] },
	EST: { kind: 'h', colours: ['#0072ce', B, W] },
	LTU: { kind: 'h', colours: ['#fdb913', '#006a44', '#c1272d'] },
	ARM: { kind: 'h', colours: ['#d90012', '#0033a0', '#f2a800'] },
	BUL: { kind: 'h', colours: [W, '#00966e', '#d62612'] },
	DEN: { kind: 'nordic', field: '#c8102e', cross: W },
	SWE: { kind: 'nordic', field: '#006aa7', cross: '#fecc00' },
	FIN: { kind: 'nordic', field: W, cross: '#002f6c' },
	NOR: { kind: 'nordic', field: '#ba0c2f', cross: W, inner: '#00205b' },
	ISL: { kind: 'nordic', field: '#02529c', cross: W, inner: '#dc1e35' },
	ENG: { kind: 'cross', field: W, cross: '#ce1124' },
	GEO: { kind: 'cross', field: W, cross: '#ff0000' },
	SUI: { kind: 'swiss' },
	SCO: { kind: 'saltire', field: '#005eb8', cross: W },
	JPN: { kind: 'disc', field: W, disc: '#bc002d' },
	KOR: { kind: 'disc', field: W, disc: '#cd2e3a' },
	BAN: { kind: 'disc', field: '#006a4e', disc: '#f42a41' },
};

const escapeXml = (s: string) =>
	s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Up to three letters: the TLA of a national team, else the initials of the short name. */
export function crestInitials(
	team: Pick<CrestTeam, 'shortName' | 'tla' | 'isNational' | 'name'>,
): string {
	if (team.isNational && team.tla) return team.tla.slice(0, 3).toUpperCase();
	const words = (team.shortName || team.name)
		.replace(/[^\p{L}\p{N}\s-]/gu, ' ')
		.split(/[\s-]+/)
		.filter((w) => w && !/^\d+$/.test(w));
	if (words.length === 0) return '?';
	if (words.length === 1) return words[0]!.slice(0, 3).toUpperCase();
	return words
		.slice(0, 3)
		.map((w) => [...w][0]!)
		.join('')
		.toUpperCase();
}

/** Black or white text, whichever reads better on `hex`. */
function textOn(hex: string): string {
	const n = Number.parseInt(hex.replace('#', '').padEnd(6, '0').slice(0, 6), 16);
	const [r, g, b] = [(n >> 16) & 255, (n >> 8) & 255, n & 255];
	return 0.299 * r + 0.587 * g + 0.114 * b > 160 ? '#111111' : '#ffffff';
}

const hexColour = (c: string, fallback: string) => (/^#[0-9a-fA-F]{6}$/.test(c) ? c : fallback);

function flagBody(flag: Flag): string {
	const w = 60;
	const h = 40;
	switch (flag.kind) {
		case 'h': {
			const band = h / flag.colours.length;
			return flag.colours
				.map(
					(c, i) => `<rect x="0" y="${i * band}" width="${w}" height="${band + 0.5}" fill="${c}"/>`,
				)
				.join('');
		}
		case 'v': {
			const band = w / flag.colours.length;
			return flag.colours
				.map(
					(c, i) => `<rect x="${i * band}" y="0" width="${band + 0.5}" height="${h}" fill="${c}"/>`,
				)
				.join('');
		}
		case 'nordic':
			return `<rect width="${w}" height="${h}" fill="${flag.field}"/><rect x="16" y="0" width="8" height="${h}" fill="${flag.cross}"/><rect x="0" y="16" width="${w}" height="8" fill="${flag.cross}"/>${
				flag.inner
					? `<rect x="18" y="0" width="4" height="${h}" fill="${flag.inner}"/><rect x="0" y="18" width="${w}" height="4" fill="${flag.inner}"/>`
					: ''
			}`;
		case 'cross':
			return `<rect width="${w}" height="${h}" fill="${flag.field}"/><rect x="26" y="0" width="8" height="${h}" fill="${flag.cross}"/><rect x="0" y="16" width="${w}" height="8" fill="${flag.cross}"/>`;
		case 'swiss':
			return `<rect width="${w}" height="${h}" fill="#da291c"/><rect x="26" y="8" width="8" height="24" fill="#fff"/><rect x="18" y="16" width="24" height="8" fill="#fff"/>`;
		case 'saltire':
			return `<rect width="${w}" height="${h}" fill="${flag.field}"/><path d="M0 0L${w} ${h}M${w} 0L0 ${h}" stroke="${flag.cross}" stroke-width="7"/>`;
		case 'disc':
			return `<rect width="${w}" height="${h}" fill="${flag.field}"/><circle cx="30" cy="20" r="11" fill="${flag.disc}"/>`;
	}
}

/** The crest of a team as a standalone SVG document (deterministic for the same team). */
export function crestSvg(team: CrestTeam): string {
	const label = escapeXml(team.name);
	const flag = team.isNational && team.tla ? FLAGS[team.tla.toUpperCase()] : undefined;
	if (flag) {
		return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 60 40" width="60" height="40" role="img" aria-label="${label}"><title>${label}</title><clipPath id="r"><rect width="60" height="40" rx="3"/></clipPath><g clip-path="url(#r)">${flagBody(flag)}</g><rect x="0.5" y="0.5" width="59" height="39" rx="3" fill="none" stroke="#00000033"/></svg>`;
	}
	const primary = hexColour(team.colours.primary, '#334155');
	const secondary = hexColour(team.colours.secondary, '#ffffff');
	const initials = escapeXml(crestInitials(team));
	const size = initials.length >= 3 ? 17 : initials.length === 2 ? 21 : 26;
	if (team.isNational) {
		return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="64" height="64" role="img" aria-label="${label}"><title>${label}</title><circle cx="32" cy="32" r="30" fill="${primary}" stroke="${secondary}" stroke-width="3"/><text x="32" y="32" dy="0.35em" text-anchor="middle" font-family="system-ui,sans-serif" font-weight="700" font-size="${size}" fill="${textOn(primary)}">${initials}</text></svg>`;
	}
	return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="64" height="64" role="img" aria-label="${label}"><title>${label}</title><path d="M32 3 L58 11 V30 C58 46 46 56 32 61 C18 56 6 46 6 30 V11 Z" fill="${primary}" stroke="${secondary}" stroke-width="3"/><path d="M32 8 L53 14.5 V22 H11 V14.5 Z" fill="${secondary}" opacity="0.35"/><text x="32" y="36" dy="0.35em" text-anchor="middle" font-family="system-ui,sans-serif" font-weight="700" font-size="${size}" fill="${textOn(primary)}">${initials}</text></svg>`;
}
