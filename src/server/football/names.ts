/**
 * Team names: the canonical name of a raw name from any source, alias keys, slugs, short
 * names and deterministic colours. The Champions League file writes "Real Madrid CF (ESP)"
 * where La Liga writes "Real Madrid CF": the suffix is a country code, not part of the name.
 */

const COUNTRY_SUFFIX = /\s+\(([A-Z]{3})\)$/;

/** Splits "Real Madrid CF (ESP)" into the name and the country code. */
export function splitCountrySuffix(raw: string): { name: string; country?: string } {
	const trimmed = raw.trim().replace(/\s+/g, ' ');
	const m = COUNTRY_SUFFIX.exec(trimmed);
	return m ? { name: trimmed.slice(0, m.index), country: m[1] } : { name: trimmed };
}

/** The lookup key of a name variant: suffix removed, accents folded, case and punctuation ignored. */
export function aliasKey(raw: string): string {
	return splitCountrySuffix(raw)
		.name.normalize('NFKD')
		.replace(/[\u0300-\u036f]/g, '')
		.toLowerCase()
		.replace(/&/g, ' and ')
		.replace(/[^a-z0-9]+/g, ' ')
		.trim();
}

/** URL slug: "FC Bayern München" → "fc-bayern-munchen". */
export function slugify(text: string): string {
	return (
		text
			.normalize('NFKD')
			.replace(/[\u0300-\u036f]/g, '')
			.replace(/ß/g, 'ss')
			.replace(/[łŁ]/g, 'l')
			.replace(/[øØ]/g, 'o')
			.replace(/[ıİ]/g, 'i')
			.toLowerCase()
			.replace(/&/g, '-and-')
			.replace(/[^a-z0-9]+/g, '-')
			.replace(/^-+|-+$/g, '') || 'team'
	);
}

const AFFIXES = new Set([
	'fc',
	'cf',
	'afc',
	'sc',
	'ac',
	'as',
	'ssc',
	'ss',
	'us',
	'bc',
	'cd',
	'ca',
	'rc',
	'rcd',
	'ud',
	'sd',
	'sv',
	'vfb',
	'vfl',
	'tsg',
	'fk',
	'sk',
	'ogc',
	'osc',
	'losc',
	'bsc',
	'gnk',
	'kv',
	'afc',
	'club',
	'de',
	'futbol',
	'calcio',
	'spor',
	'kulubu',
	'1909',
	'1907',
	'1899',
	'1846',
	'1913',
	'1910',
	'04',
	'05',
	'29',
	'1848',
	'1900',
	'1901',
	'1904',
]);

/** A short display name: "Manchester United FC" → "Manchester United", "SSC Napoli" → "Napoli". */
export function shortName(name: string): string {
	const words = name.split(' ');
	const kept = words.filter((w) => !AFFIXES.has(w.toLowerCase()));
	if (kept.length === 0) return name;
	return kept.join(' ');
}

/** Three-letter abbreviation from a short name: "Manchester United" → "MAN", "PSV" → "PSV". */
export function tla(name: string): string {
	const letters = shortName(name)
		.normalize('NFKD')
		.replace(/[\u0300-\u036f]/g, '')
		.replace(/[^A-Za-z ]/g, '')
		.toUpperCase();
	return (letters.replace(/ /g, '').slice(0, 3) || 'FC').padEnd(3, 'X');
}

/** Initials for a crest: "Manchester United FC" → "MU", "Liverpool FC" → "L". */
export function initials(name: string): string {
	const words = shortName(name)
		.normalize('NFKD')
		.replace(/[\u0300-\u036f]/g, '')
		.split(/[\s-]+/)
		.filter((w) => /^[A-Za-z]/.test(w));
	if (words.length === 0) return '?';
	if (words.length === 1) return words[0]!.slice(0, words[0]!.length <= 3 ? 3 : 1).toUpperCase();
	return words
		.slice(0, 3)
		.map((w) => w[0]!.toUpperCase())
		.join('');
}

/** FNV-1a, 32 bits: a stable number from a string (colours, ETags). */
export function hash32(text: string): number {
	let h = 0x811c9dc5;
	for (let i = 0; i < text.length; i++) {
		h ^= text.charCodeAt(i);
		h = Math.imul(h, 0x01000193);
	}
	return h >>> 0;
}

/** Well-known club colours (primary, secondary); every other team gets colours from its name. */
const KNOWN_COLOURS: Record<string, [string, string]> = {
	'Arsenal FC': ['#db0007', '#ffffff'],
	'Chelsea FC': ['#034694', '#ffffff'],
	'Liverpool FC': ['#c8102e', '#ffffff'],
	'Manchester City FC': ['#6cabdd', '#ffffff'],
	'Manchester United FC': ['#da291c', '#000000'],
	'Tottenham Hotspur FC': ['#132257', '#ffffff'],
	'FC Barcelona': ['#a50044', '#004d98'],
	'Real Madrid CF': ['#ffffff', '#febe10'],
	'Club Atlético de Madrid': ['#cb3524', '#ffffff'],
	'FC Bayern München': ['#dc052d', '#ffffff'],
	'Borussia Dortmund': ['#fde100', '#000000'],
	'Juventus FC': ['#000000', '#ffffff'],
	'AC Milan': ['#fb090b', '#000000'],
	'FC Internazionale Milano': ['#0068a8', '#000000'],
	'Paris Saint-Germain FC': ['#004170', '#da291c'],
	'AFC Ajax': ['#d2122e', '#ffffff'],
	'PSV Eindhoven': ['#ed1c24', '#ffffff'],
	'Feyenoord Rotterdam': ['#e30613', '#ffffff'],
	'Sport Lisboa e Benfica': ['#e83030', '#ffffff'],
	'FC Porto': ['#003893', '#ffffff'],
	'Sporting Clube de Portugal': ['#008057', '#ffffff'],
	Galatasaray: ['#a90432', '#fdb912'],
	Fenerbahçe: ['#0a2351', '#ffed00'],
};

function hsl(h: number, s: number, l: number): string {
	const a = (s / 100) * Math.min(l / 100, 1 - l / 100);
	const f = (n: number) => {
		const k = (n + h / 30) % 12;
		const c = l / 100 - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
		return Math.round(c * 255)
			.toString(16)
			.padStart(2, '0');
	};
	return `#${f(0)}${f(8)}${f(4)}`;
}

/**
 * A team's two colours (#rrggbb): the known ones for famous clubs, else deterministic from
 * the name, so crests look the same on every server and after every re-import.
 */
export function teamColours(name: string): { primary: string; secondary: string } {
	const known = KNOWN_COLOURS[name];
	if (known) return { primary: known[0], secondary: known[1] };
	const h = hash32(aliasKey(name));
	const hue = h % 360;
	const primary = hsl(hue, 55 + ((h >>> 9) % 30), 30 + ((h >>> 17) % 15));
	const secondary = (h >>> 24) % 3 === 0 ? hsl((hue + 180) % 360, 60, 85) : '#ffffff';
	return { primary, secondary };
}
