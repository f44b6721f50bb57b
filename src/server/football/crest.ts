import { FLAG_H, FLAG_W, flagBody } from './flags';

/**
 * Team badges drawn as SVG: real crests are copyrighted, so a club gets a two-colour shield
 * with its initials, and a national team its flag (see ./flags), else a roundel with its code.
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

export { crestUrl } from '~/lib/football/crest-url';

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

/** Relative luminance (WCAG 2) of a #rrggbb colour. */
function luminance(hex: string): number {
	const n = Number.parseInt(hex.replace('#', '').padEnd(6, '0').slice(0, 6), 16);
	const lin = (c: number) => {
		const v = c / 255;
		return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
	};
	return 0.2126 * lin((n >> 16) & 255) + 0.7152 * lin((n >> 8) & 255) + 0.0722 * lin(n & 255);
}

const INKS = ['#111111', '#ffffff'] as const;

const contrast = (a: string, b: string) => {
	const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
	return (hi + 0.05) / (lo + 0.05);
};

/**
 * Near-black or white text, whichever reads better on every colour it is drawn over (the
 * initials of a split shield sit on both colours: the worse contrast decides).
 */
function textOn(...backgrounds: string[]): string {
	const worst = (ink: string) => Math.min(...backgrounds.map((bg) => contrast(ink, bg)));
	return worst(INKS[0]) > worst(INKS[1]) ? INKS[0] : INKS[1];
}

const hexColour = (c: string, fallback: string) => (/^#[0-9a-fA-F]{6}$/.test(c) ? c : fallback);

/** Small, deterministic variety: the same team always gets the same pattern. */
const PATTERNS = ['half', 'chevron', 'sash', 'stripes', 'band', 'quarters'] as const;
type Pattern = (typeof PATTERNS)[number];

const SHIELD = 'M32 2.5L59 9.5V31C59 46.5 47.5 56.5 32 62C16.5 56.5 5 46.5 5 31V9.5Z';

/** The secondary colour's share of the shield (clipped to it). */
function patternBody(pattern: Pattern, c: string): string {
	switch (pattern) {
		case 'half':
			return `<rect x="32" y="0" width="32" height="64" fill="${c}"/>`;
		case 'chevron':
			return `<path d="M0 4L32 22L64 4V15L32 33L0 15Z" fill="${c}"/>`;
		case 'sash':
			return `<path d="M0 6L64 58" stroke="${c}" stroke-width="14"/>`;
		case 'stripes':
			return `<rect x="13" y="0" width="9" height="64" fill="${c}"/><rect x="42" y="0" width="9" height="64" fill="${c}"/>`;
		case 'band':
			return `<rect x="0" y="0" width="64" height="17" fill="${c}"/>`;
		case 'quarters':
			return `<rect x="32" y="0" width="32" height="32" fill="${c}"/><rect x="0" y="32" width="32" height="32" fill="${c}"/>`;
	}
}

/**
 * Bold initials with a halo in the opposite tone, so they read on either colour of the
 * pattern. Two letters below 32 px (a 16 px badge has no room for three), up to three above:
 * an SVG image's media queries see the size it is drawn at. Without the stylesheet (a
 * viewer that applies the crest response's `default-src 'none'` CSP to it) the two-letter
 * form shows at every size: the long one is hidden by an attribute the CSS overrides.
 */
function initialsText(initials: string, fill: string, y: number, long: number, short: number) {
	const halo = fill === '#ffffff' ? '#000000' : '#ffffff';
	const text = (s: string, size: number, cls: string, hidden = false) =>
		`<text class="${cls}"${hidden ? ' display="none"' : ''} x="32" y="${y}" dy="0.35em" text-anchor="middle" font-family="system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif" font-weight="800" font-size="${size}" letter-spacing="-0.5" fill="${fill}" stroke="${halo}" stroke-opacity="0.7" stroke-width="3" stroke-linejoin="round" paint-order="stroke">${escapeXml(s)}</text>`;
	const two = [...initials].slice(0, 2).join('');
	if (two === initials) return text(initials, initials.length === 1 ? short + 4 : short, 'i');
	return `<style>@media (min-width:32px){.l{display:inline}.s{display:none}}</style>${text(initials, long, 'l', true)}${text(two, short, 's')}`;
}

const svgOpen = (w: number, h: number, label: string) =>
	`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}" role="img" aria-label="${label}"><title>${label}</title>`;

/** The crest of a team as a standalone SVG document (deterministic for the same team). */
export function crestSvg(team: CrestTeam): string {
	const label = escapeXml(team.name);
	const flag = team.isNational && team.tla ? flagBody(team.tla) : undefined;
	if (flag) {
		return `${svgOpen(FLAG_W, FLAG_H, label)}<clipPath id="r"><rect width="${FLAG_W}" height="${FLAG_H}" rx="3"/></clipPath><g clip-path="url(#r)">${flag}</g><rect x="0.5" y="0.5" width="${FLAG_W - 1}" height="${FLAG_H - 1}" rx="3" fill="none" stroke="#808080" stroke-opacity="0.6"/></svg>`;
	}
	const primary = hexColour(team.colours.primary, '#334155');
	const secondary = hexColour(team.colours.secondary, '#ffffff');
	const initials = crestInitials(team);
	if (team.isNational) {
		// No flag drawn for this code: a roundel in the team's colours with its code.
		return `${svgOpen(64, 64, label)}<circle cx="32" cy="32" r="30" fill="${secondary}" stroke="#0000004d" stroke-width="1.5"/><circle cx="32" cy="32" r="24" fill="${primary}"/>${initialsText(initials, textOn(primary), 32, 19, 24)}</svg>`;
	}
	const pattern = PATTERNS[Math.abs(team.id) % PATTERNS.length]!;
	// The band and the chevron stay above the initials; the other patterns run behind them.
	const ink =
		pattern === 'band' || pattern === 'chevron' ? textOn(primary) : textOn(primary, secondary);
	return `${svgOpen(64, 64, label)}<clipPath id="s"><path d="${SHIELD}"/></clipPath><g clip-path="url(#s)"><rect width="64" height="64" fill="${primary}"/>${patternBody(pattern, secondary)}</g><path d="${SHIELD}" fill="none" stroke="${secondary}" stroke-width="2.5"/><path d="${SHIELD}" fill="none" stroke="#00000059" stroke-width="1"/>${initialsText(initials, ink, 33, 21, 29)}</svg>`;
}
