/**
 * What the console may store as a stream: the body of `POST/PUT /api/cms/streams`, the
 * checks of its HLS source and territories, pure so unit tests and the form share them.
 */
import { LOCALES, type Locale } from '~/i18n/locales';
import { text } from '../input-schema';
import { z } from '../zod';

export const STREAM_KINDS = ['live', 'tv', 'movie', 'highlight'] as const;
export type EditableKind = (typeof STREAM_KINDS)[number];

/** A stream id is a URL segment (/media/<id>/…), as the table's check says. */
export const STREAM_ID = /^[a-z0-9][a-z0-9-]{0,62}$/;
const PLAN_ID = /^[a-z0-9][a-z0-9-]{0,62}$/;

/** ISO 3166-1 alpha-2, the officially assigned codes (no EU, UK, XK…). */
export const COUNTRY_CODES: ReadonlySet<string> = new Set(
	[
		'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE',
		'BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ CA CC CD',
		'CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM',
		'DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR GA GB GD GE GF',
		'GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU',
		'ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN',
		'KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME',
		'MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA',
		'NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM',
		'PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI',
		'SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK',
		'TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI',
		'VN VU WF WS YE YT ZA ZM ZW',
	]
		.join(' ')
		.split(' '),
);

/**
 * A manifest under MEDIA_DIR: folders of plain names, then `index.m3u8` (the media route
 * always asks for index.m3u8 in the folder, and serves only bare names beside it). No dots
 * in folders, so no `..`; `news/` is the news images' folder, never a stream.
 */
const LOCAL_MANIFEST = /^(?:[A-Za-z0-9_-]{1,64}\/){1,4}index\.m3u8$/;

/**
 * The HLS source as stored, or the reason it is refused. Accepted: a path under the site's
 * media folder (`demo-tv/index.m3u8`, `/media/` in front allowed), or an https URL of a
 * `.m3u8` without credentials. Everything else (javascript:, data:, http:, `//host`, `..`)
 * is refused.
 */
export function checkHlsSource(
	raw: string,
): { ok: true; value: string } | { ok: false; problem: string } {
	const value = raw.trim();
	if (value.length === 0) return { ok: false, problem: 'must not be empty' };
	if (value.length > 2000) return { ok: false, problem: 'is too long' };
	// Control characters and spaces: a URL parser would quietly drop or encode them.
	if (/[\u0000-\u0020\u007f\\]/.test(value))
		return { ok: false, problem: 'must not contain spaces, backslashes or control characters' };
	if (/^[a-z][a-z0-9+.-]*:/i.test(value)) {
		let url: URL;
		try {
			url = new URL(value);
		} catch {
			return { ok: false, problem: 'is not a valid URL' };
		}
		if (url.protocol !== 'https:') return { ok: false, problem: 'must be an https URL' };
		if (url.username || url.password || value.slice(8).split(/[/?#]/)[0]!.includes('@'))
			return { ok: false, problem: 'must not carry credentials' };
		if (!url.hostname || !url.pathname.endsWith('.m3u8'))
			return { ok: false, problem: 'must name an .m3u8 manifest' };
		return { ok: true, value: url.href };
	}
	const path = value.startsWith('/media/') ? value.slice('/media/'.length) : value;
	if (!LOCAL_MANIFEST.test(path) || path.startsWith('news/'))
		return {
			ok: false,
			problem: 'must be an https URL or a folder of the media folder ending in /index.m3u8',
		};
	return { ok: true, value: path };
}

/** Whether a stored source is an outside URL (else a path under MEDIA_DIR). */
export const isRemoteSource = (source: string) => source.startsWith('https://');

const hlsSource = z.string().transform((v, ctx) => {
	const checked = checkHlsSource(v);
	if (checked.ok) return checked.value;
	ctx.addIssue({ code: 'custom', message: checked.problem });
	return z.NEVER;
});

const titleField = text(200)
	.transform((s) => s.trim())
	.refine((s) => s.length > 0, 'must not be empty');
const descriptionField = text(1000)
	.transform((s) => s.trim() || null)
	.nullable()
	.optional();

const translation = z.strictObject({ title: titleField, description: descriptionField });
const OTHER_LOCALES = LOCALES.filter((l) => l !== 'en') as Exclude<Locale, 'en'>[];

const instant = z.iso
	.datetime({ offset: true })
	.transform((s) => new Date(s))
	.nullable()
	.optional();

const fieldsShape = {
	kind: z.enum(STREAM_KINDS),
	title: titleField,
	description: descriptionField,
	translations: z
		.strictObject(
			Object.fromEntries(OTHER_LOCALES.map((l) => [l, translation.optional()])) as Record<
				Exclude<Locale, 'en'>,
				z.ZodOptional<typeof translation>
			>,
		)
		.optional(),
	/** Plan ids that may watch (checked against the plans table); empty: free. */
	plans: z
		.array(z.string().regex(PLAN_ID, 'is not a plan id'))
		.max(20)
		.refine((p) => new Set(p).size === p.length, 'names a plan twice'),
	/** ISO 3166-1 alpha-2 codes; null or empty: everywhere. */
	countries: z
		.array(
			z
				.string()
				.transform((c) => c.trim().toUpperCase())
				.refine((c) => COUNTRY_CODES.has(c), 'is not an ISO 3166-1 alpha-2 country code'),
		)
		.max(249)
		.nullable()
		.transform((c) => (c && c.length > 0 ? [...new Set(c)].sort() : null)),
	hlsSource,
	startsAt: instant,
	endsAt: instant,
	position: z.number().int().min(0).max(100_000).optional(),
};

const endAfterStart: [
	(s: { startsAt?: Date | null | undefined; endsAt?: Date | null | undefined }) => boolean,
	{ message: string; path: PropertyKey[] },
] = [
	(s) => !(s.startsAt && s.endsAt) || s.endsAt > s.startsAt,
	{ message: 'must be after the start', path: ['endsAt'] },
];

/** The editable fields of a stream (English on the row, other locales as translations). */
export const streamFields = z.strictObject(fieldsShape).refine(...endAfterStart);
export type StreamFields = z.infer<typeof streamFields>;

/** A new stream: its id (the URL segment, fixed once made) and its fields. */
export const newStream = z
	.strictObject({
		id: z.string().regex(STREAM_ID, 'lower-case letters, digits and hyphens (at most 63)'),
		...fieldsShape,
	})
	.refine(...endAfterStart);
export type NewStream = z.infer<typeof newStream>;

/**
 * `datetime-local` has no zone: the form sends the browser's offset in minutes beside it
 * (UTC without it), so the stored instant is the one the editor meant.
 */
export function localInstant(value: string, offsetMinutes: number): string | null | undefined {
	if (value === '') return null;
	const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value);
	if (!m) return undefined;
	const utc = Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!);
	return Number.isNaN(utc) ? undefined : new Date(utc + offsetMinutes * 60_000).toISOString();
}
