/**
 * Where a national team or a competition's area is, as a code `Intl.DisplayNames` can name
 * in any language. The data writes FIFA codes (teams' `tla`/`countryCode`, competitions'
 * `areaCode`), which are not ISO codes: GER is DE, NED is NL, SUI is CH, KSA is SA. This is
 * THE table from one to the other. It lives in lib/ because the browser names live teams
 * with it too (the live snapshot is shared by every locale).
 *
 * The UK's home nations have no ISO 3166-1 code, and `Intl.DisplayNames` names regions
 * only: their code stays the FIFA one and the message files name them
 * (`football:nations.ENG`). So does DR Congo, whose CLDR name ("Congo - Kinshasa") is not
 * what football calls it.
 */

/** FIFA (and the data's area) code → ISO 3166-1 alpha-2 region, or UN M49 area. */
const FIFA_TO_REGION: Readonly<Record<string, string>> = {
	AFG: 'AF',
	ALB: 'AL',
	ALG: 'DZ',
	AND: 'AD',
	ANG: 'AO',
	ARG: 'AR',
	ARM: 'AM',
	AUS: 'AU',
	AUT: 'AT',
	AZE: 'AZ',
	BEL: 'BE',
	BIH: 'BA',
	BLR: 'BY',
	BOL: 'BO',
	BRA: 'BR',
	BUL: 'BG',
	BFA: 'BF',
	CAN: 'CA',
	CHI: 'CL',
	CHN: 'CN',
	CIV: 'CI',
	CMR: 'CM',
	COL: 'CO',
	CPV: 'CV',
	CRC: 'CR',
	CRO: 'HR',
	CUW: 'CW',
	CYP: 'CY',
	CZE: 'CZ',
	DEN: 'DK',
	ECU: 'EC',
	EGY: 'EG',
	ESP: 'ES',
	EST: 'EE',
	FIN: 'FI',
	FRA: 'FR',
	GEO: 'GE',
	GER: 'DE',
	GHA: 'GH',
	GRE: 'GR',
	HAI: 'HT',
	HON: 'HN',
	HUN: 'HU',
	IDN: 'ID',
	IRL: 'IE',
	IRN: 'IR',
	IRQ: 'IQ',
	ISL: 'IS',
	ISR: 'IL',
	ITA: 'IT',
	JAM: 'JM',
	JOR: 'JO',
	JPN: 'JP',
	KAZ: 'KZ',
	KOR: 'KR',
	KSA: 'SA',
	LVA: 'LV',
	LTU: 'LT',
	LUX: 'LU',
	MAR: 'MA',
	MEX: 'MX',
	MKD: 'MK',
	MLI: 'ML',
	MNE: 'ME',
	NED: 'NL',
	NGA: 'NG',
	NOR: 'NO',
	NZL: 'NZ',
	PAN: 'PA',
	PAR: 'PY',
	PER: 'PE',
	POL: 'PL',
	POR: 'PT',
	QAT: 'QA',
	ROU: 'RO',
	RSA: 'ZA',
	RUS: 'RU',
	SEN: 'SN',
	SRB: 'RS',
	SUI: 'CH',
	SVK: 'SK',
	SVN: 'SI',
	SWE: 'SE',
	TUN: 'TN',
	TUR: 'TR',
	UAE: 'AE',
	UKR: 'UA',
	URU: 'UY',
	USA: 'US',
	UZB: 'UZ',
	VEN: 'VE',
	// Areas of competitions (not FIFA members): UN M49 codes, which DisplayNames also names.
	EUR: '150',
	WLD: '001',
};

/** Codes named by the message files (`football:nations.<code>`), not by `Intl.DisplayNames`. */
export const NAMED_NATIONS = ['ENG', 'SCO', 'WAL', 'NIR', 'COD'] as const;
export type NamedNation = (typeof NAMED_NATIONS)[number];

const NAMED = new Set<string>(NAMED_NATIONS);

/**
 * The place code of a FIFA or area code: an ISO region ("DE") or M49 area ("150"), or the
 * FIFA code itself for a nation the message files name ("ENG"); null when unknown.
 */
export function regionOf(code: string | null | undefined): string | null {
	if (!code) return null;
	const upper = code.toUpperCase();
	if (NAMED.has(upper)) return upper;
	return FIFA_TO_REGION[upper] ?? null;
}

/** True when `Intl.DisplayNames` names the place (an ISO region or M49 area). */
export function isDisplayRegion(region: string): boolean {
	return /^(?:[A-Z]{2}|\d{3})$/.test(region);
}

const displayNames = new Map<string, Intl.DisplayNames>();

/**
 * The place's name in `locale` (a BCP 47 tag): `Intl.DisplayNames` for a region, `named`
 * (the message files' `nations`) for the others; null when neither knows it.
 */
export function placeName(
	region: string,
	locale: string,
	named: Readonly<Partial<Record<string, string>>>,
): string | null {
	if (!isDisplayRegion(region)) return named[region] ?? null;
	let names = displayNames.get(locale);
	if (!names) {
		names = new Intl.DisplayNames([locale], { type: 'region', fallback: 'none' });
		displayNames.set(locale, names);
	}
	const name = names.of(region);
	// CLDR writes some areas in lower case ("world", "весь мир"): a name heads a line here.
	return name ? name.charAt(0).toLocaleUpperCase(locale) + name.slice(1) : null;
}
