import { localToUtc } from '../time';

/**
 * A large, realistic, synthetic football data set for load and query-plan testing
 * (`npm run data:synthetic`): leagues in three tiers per country with promotion churn,
 * double round robins, domestic cups with extra time and penalties, goals, cards and
 * substitutions. Deterministic: the same seed, scale and `now` give the same rows. Only
 * `now` decides which matches have been played; every score is drawn whether or not it
 * is kept, so the random stream (and every other row) does not depend on the date.
 *
 * Scale 1 is about 50 competitions × 10 seasons, 200,000 matches, 5,000 teams and
 * 2.5 million events; smaller scales keep the shape (fewer countries).
 */

export interface SyntheticOptions {
	seed: number;
	/** 1 = the full set; 0.1 = a tenth of the countries (same seasons, same shape). */
	scale: number;
	/** Matches kicking off before this are played, the rest scheduled. */
	now: Date;
	/** Seasons per competition, the last one being the season `now` falls in. */
	seasons?: number;
}

/** Rows in the column order of SYNTHETIC_COLUMNS, ready for COPY. */
export type Row = (string | number | boolean | null)[];

export const SYNTHETIC_COLUMNS = {
	competitions: [
		'id',
		'code',
		'slug',
		'name',
		'type',
		'area_code',
		'area_name',
		'time_zone',
		'weight',
	],
	seasons: ['id', 'competition_id', 'label', 'name', 'start_date', 'end_date'],
	teams: [
		'id',
		'key',
		'slug',
		'name',
		'short_name',
		'tla',
		'country_code',
		'is_national',
		'colour_primary',
		'colour_secondary',
	],
	venues: ['id', 'key', 'name', 'city', 'country_code', 'time_zone', 'capacity'],
	matches: [
		'id',
		'season_id',
		'source_key',
		'round',
		'stage',
		'matchday',
		'home_team_id',
		'away_team_id',
		'venue_id',
		'kickoff_at',
		'status',
		'ht_home',
		'ht_away',
		'ft_home',
		'ft_away',
		'et_home',
		'et_away',
		'pen_home',
		'pen_away',
		'winner',
	],
	match_events: [
		'id',
		'match_id',
		'seq',
		'type',
		'team_id',
		'player_name',
		'minute',
		'stoppage',
		'penalty',
		'own_goal',
		'card',
		'player_in',
		'player_out',
	],
} as const;

export type SyntheticTable = keyof typeof SYNTHETIC_COLUMNS;

/** A chunk of rows for one table; the writer streams them as they come. */
export interface Chunk {
	table: SyntheticTable;
	rows: Row[];
}

/** mulberry32: small, fast, good enough for test data, and the same in every Node. */
export function prng(seed: number): () => number {
	let a = seed >>> 0;
	return () => {
		a = (a + 0x6d2b79f5) >>> 0;
		let t = a;
		t = Math.imul(t ^ (t >>> 15), t | 1);
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	};
}

const ZONES = [
	'Europe/London',
	'Europe/Berlin',
	'Europe/Madrid',
	'Europe/Rome',
	'Europe/Paris',
	'Europe/Amsterdam',
	'Europe/Lisbon',
	'Europe/Istanbul',
	'Europe/Moscow',
	'Asia/Jakarta',
	'Asia/Tokyo',
	'America/Sao_Paulo',
	'America/Mexico_City',
	'Africa/Lagos',
	'America/New_York',
];
const NAME_START = [
	'Al',
	'Bel',
	'Cor',
	'Dun',
	'El',
	'Fal',
	'Gran',
	'Har',
	'Is',
	'Jor',
	'Kel',
	'Lin',
	'Mar',
	'Nor',
	'Os',
	'Pol',
	'Quen',
	'Ros',
	'San',
	'Tor',
	'Ul',
	'Val',
	'Wes',
	'Yar',
	'Zan',
];
const NAME_MIDDLE = ['a', 'e', 'i', 'o', 'u', 'ar', 'en', 'or', 'il', 'an'];
const NAME_END = [
	'ton',
	'burg',
	'ville',
	'field',
	'mouth',
	'dale',
	'ford',
	'stad',
	'heim',
	'polis',
	'grad',
	'mont',
	'haven',
	'bridge',
];
const CLUB_SUFFIX = [
	'FC',
	'United',
	'City',
	'Athletic',
	'Rovers',
	'Sporting',
	'Dynamo',
	'Olympic',
	'Wanderers',
	'Town',
	'Albion',
	'SC',
];
const COUNTRY_END = ['ia', 'land', 'onia', 'ary', 'istan', 'ador', 'ovia', 'enia'];
const GIVEN = [
	'Adam',
	'Bruno',
	'Carlos',
	'Daniel',
	'Erik',
	'Felix',
	'Gabriel',
	'Hugo',
	'Ivan',
	'Jonas',
	'Kai',
	'Luca',
	'Mateo',
	'Nico',
	'Omar',
	'Pedro',
	'Rafael',
	'Sami',
	'Theo',
	'Umut',
	'Victor',
	'Yusuf',
	'Zeki',
	'Arda',
	'Budi',
	'Emre',
	'Jan',
	'Kenji',
	'Leo',
	'Marco',
];
const FAMILY_START = [
	'Ander',
	'Berg',
	'Costa',
	'Dimi',
	'Esteb',
	'Fern',
	'Gonz',
	'Hald',
	'Iwa',
	'Jans',
	'Kowal',
	'Lind',
	'Mart',
	'Nakam',
	'Oliv',
	'Petr',
	'Rodr',
	'Silv',
	'Tamm',
	'Vlad',
	'Wojc',
	'Yilm',
	'Zeli',
];
const FAMILY_END = [
	'son',
	'sen',
	'ez',
	'ov',
	'ić',
	'ski',
	'ura',
	'eira',
	'ani',
	'az',
	'is',
	'ström',
];
const COLOURS = [
	'#c8102e',
	'#034694',
	'#ffffff',
	'#000000',
	'#fdb913',
	'#6cabdd',
	'#00a650',
	'#7a263a',
	'#ef0107',
	'#132257',
	'#ff6600',
	'#5c2d91',
];
/** Tiers of a country's pyramid: teams per season and importance in the hot ranking. */
const TIERS = [
	{ name: 'First Division', teams: 20, weight: 70 },
	{ name: 'Second Division', teams: 24, weight: 40 },
	{ name: 'Third Division', teams: 22, weight: 20 },
];
/** Teams swapped between a league's pool and its season every year (promotion and relegation). */
const CHURN = 9;
const KICKOFF_TIMES = ['12:30', '15:00', '15:00', '15:00', '17:30', '20:00'];
const DAY_SHIFTS = [-1, 0, 0, 0, 0, 1, 1, 1, 2];
const CUP_ROUNDS = [
	'Round of 64',
	'Round of 32',
	'Round of 16',
	'Quarter-finals',
	'Semi-finals',
	'Final',
];

const slugify = (s: string) =>
	s
		.normalize('NFKD')
		.replace(/[\u0300-\u036f]/g, '')
		.toLowerCase()
		.replace(/[^a-z0-9]+/g, '-')
		.replace(/^-|-$/g, '');

/** Poisson draw by inversion (small means only). */
function poisson(rand: () => number, mean: number): number {
	const limit = Math.exp(-mean);
	let k = 0;
	let p = rand();
	while (p > limit && k < 12) {
		k++;
		p *= rand();
	}
	return k;
}

const pick = <T>(rand: () => number, list: readonly T[]): T =>
	list[Math.floor(rand() * list.length)]!;

function isoDay(ms: number): string {
	return new Date(ms).toISOString().slice(0, 10);
}

/** First Saturday of August of `year`, as UTC midnight. */
function seasonStart(year: number): number {
	const aug1 = Date.UTC(year, 7, 1);
	const dow = new Date(aug1).getUTCDay();
	return aug1 + ((6 - dow + 7) % 7) * 86_400_000;
}

interface Team {
	id: number;
	name: string;
	strength: number;
	players: string[];
}

/** Sizes at a scale, for the report and the tests. */
export function syntheticShape(scale: number): {
	countries: number;
	leagues: number;
	cups: number;
} {
	const countries = Math.max(1, Math.round(15 * scale));
	return { countries, leagues: countries * TIERS.length, cups: Math.max(1, Math.round(5 * scale)) };
}

/**
 * The data set as chunks in insertion order (parents before children), one country's
 * competitions at a time so memory stays flat whatever the scale.
 */
export function* generateSynthetic(opts: SyntheticOptions): Generator<Chunk> {
	const rand = prng(opts.seed);
	const seasonCount = opts.seasons ?? 10;
	const now = opts.now.getTime();
	// The season `now` falls in: it starts in August.
	const nowDate = new Date(now);
	const currentYear =
		nowDate.getUTCMonth() >= 6 ? nowDate.getUTCFullYear() : nowDate.getUTCFullYear() - 1;
	const firstYear = currentYear - seasonCount + 1;
	const shape = syntheticShape(opts.scale);

	let competitionId = 0;
	let seasonId = 0;
	let teamId = 0;
	let matchId = 0;
	let eventId = 0;
	const usedNames = new Set<string>();
	const usedCountries = new Set<string>();

	const uniqueName = (make: () => string, used: Set<string>) => {
		for (;;) {
			const name = make();
			if (!used.has(name)) {
				used.add(name);
				return name;
			}
		}
	};
	const town = () => `${pick(rand, NAME_START)}${pick(rand, NAME_MIDDLE)}${pick(rand, NAME_END)}`;
	const person = () => `${pick(rand, GIVEN)} ${pick(rand, FAMILY_START)}${pick(rand, FAMILY_END)}`;

	for (let country = 0; country < shape.countries; country++) {
		const countryName = uniqueName(
			() => `${pick(rand, NAME_START)}${pick(rand, NAME_MIDDLE)}${pick(rand, COUNTRY_END)}`,
			usedCountries,
		);
		const areaCode = `X${String(country).padStart(2, '0')}`;
		const timeZone = ZONES[country % ZONES.length]!;
		const hasCup = country < shape.cups;
		const competitions: Row[] = [];
		const seasons: Row[] = [];
		const teamRows: Row[] = [];
		const venueRows: Row[] = [];
		const matchRows: Row[] = [];
		const eventRows: Row[] = [];

		// Each tier draws its seasons from a pool of clubs: the pool's size makes 5,000 teams at scale 1.
		const pools = TIERS.map((tier) => {
			const pool: Team[] = [];
			for (let i = 0; i < tier.teams + CHURN * (seasonCount - 1) + 2; i++) {
				const place = town();
				const name = uniqueName(() => `${place} ${pick(rand, CLUB_SUFFIX)}`, usedNames);
				const id = ++teamId;
				const players = Array.from({ length: 22 }, person);
				pool.push({ id, name, strength: 0.6 + rand() * 0.8, players });
				const letters = name.replace(/[^A-Za-z]/g, '').toUpperCase();
				teamRows.push([
					id,
					`syn-${id}`,
					slugify(name),
					name,
					name.length > 16 ? place : name,
					letters.slice(0, 3),
					areaCode,
					false,
					pick(rand, COLOURS),
					pick(rand, COLOURS),
				]);
				venueRows.push([
					id,
					`syn-${id}`,
					`${place} Stadium`,
					place,
					areaCode,
					timeZone,
					5000 + Math.floor(rand() * 60000),
				]);
			}
			return pool;
		});

		const addMatch = (
			season: number,
			key: string,
			round: string,
			stage: string,
			matchday: number | null,
			home: Team,
			away: Team,
			kickoff: Date,
			knockout: boolean,
		): Team => {
			const id = ++matchId;
			// Drawn before looking at the date so later rows never depend on `now`.
			const hg = poisson(rand, 1.45 * (home.strength / away.strength) ** 0.7);
			const ag = poisson(rand, 1.15 * (away.strength / home.strength) ** 0.7);
			const goals: { side: 0 | 1; minute: number }[] = [];
			for (let i = 0; i < hg; i++) goals.push({ side: 0, minute: 1 + Math.floor(rand() * 90) });
			for (let i = 0; i < ag; i++) goals.push({ side: 1, minute: 1 + Math.floor(rand() * 90) });
			let et: [number, number] | null = null;
			let pen: [number, number] | null = null;
			if (knockout && hg === ag) {
				const eh = rand() < 0.3 ? 1 : 0;
				const ea = eh === 0 && rand() < 0.3 ? 1 : 0;
				if (eh) goals.push({ side: 0, minute: 91 + Math.floor(rand() * 29) });
				if (ea) goals.push({ side: 1, minute: 91 + Math.floor(rand() * 29) });
				et = [hg + eh, ag + ea];
				if (eh === ea) {
					const ph = 3 + Math.floor(rand() * 3);
					pen = rand() < 0.5 ? [ph, ph - 1] : [ph - 1, ph];
				}
			}
			goals.sort((a, b) => a.minute - b.minute);
			const cards = poisson(rand, 3.6);
			const cardEvents = Array.from({ length: cards }, () => ({
				side: (rand() < 0.5 ? 0 : 1) as 0 | 1,
				minute: 5 + Math.floor(rand() * 86),
				card: rand() < 0.04 ? 'red' : rand() < 0.03 ? 'second_yellow' : 'yellow',
			}));
			const subs = Array.from({ length: 6 + Math.floor(rand() * 5) }, () => ({
				side: (rand() < 0.5 ? 0 : 1) as 0 | 1,
				minute: 46 + Math.floor(rand() * 44),
				in: Math.floor(rand() * 11) + 11,
				out: Math.floor(rand() * 11),
			}));
			const postponed = rand() < 0.004;
			const played = !postponed && kickoff.getTime() + 2 * 3600_000 < now;
			const side = (s: 0 | 1) => (s === 0 ? home : away);
			const ft: [number, number] = [hg, ag];
			const ht: [number, number] = [
				goals.filter((g) => g.side === 0 && g.minute <= 45).length,
				goals.filter((g) => g.side === 1 && g.minute <= 45).length,
			];
			const final = pen ?? et ?? ft;
			const winner = final[0] > final[1] ? 'home' : final[0] < final[1] ? 'away' : 'draw';
			const status = postponed
				? 'postponed'
				: !played
					? 'scheduled'
					: pen
						? 'finished_pen'
						: et
							? 'finished_aet'
							: 'finished';
			matchRows.push([
				id,
				season,
				key,
				round,
				stage,
				matchday,
				home.id,
				away.id,
				home.id,
				kickoff.toISOString(),
				status,
				played ? ht[0] : null,
				played ? ht[1] : null,
				played ? ft[0] : null,
				played ? ft[1] : null,
				played && et ? et[0] : null,
				played && et ? et[1] : null,
				played && pen ? pen[0] : null,
				played && pen ? pen[1] : null,
				played ? winner : null,
			]);
			if (played) {
				const events = [
					...goals.map((g) => ({
						minute: g.minute,
						row: (seq: number) => {
							const team = side(g.side);
							const ownGoal = rand() < 0.03;
							const scorer = ownGoal ? side(g.side === 0 ? 1 : 0) : team;
							return [
								++eventId,
								id,
								seq,
								'goal',
								team.id,
								pick(rand, scorer.players.slice(0, 11)),
								g.minute,
								null,
								!ownGoal && rand() < 0.1,
								ownGoal,
								null,
								null,
								null,
							] as Row;
						},
					})),
					...cardEvents.map((c) => ({
						minute: c.minute,
						row: (seq: number) => {
							const team = side(c.side);
							return [
								++eventId,
								id,
								seq,
								'card',
								team.id,
								pick(rand, team.players),
								c.minute,
								null,
								false,
								false,
								c.card,
								null,
								null,
							] as Row;
						},
					})),
					...subs.map((s) => ({
						minute: s.minute,
						row: (seq: number) => {
							const team = side(s.side);
							return [
								++eventId,
								id,
								seq,
								'substitution',
								team.id,
								null,
								s.minute,
								null,
								false,
								false,
								null,
								team.players[s.in]!,
								team.players[s.out]!,
							] as Row;
						},
					})),
				].sort((a, b) => a.minute - b.minute);
				events.forEach((e, seq) => {
					eventRows.push(e.row(seq));
				});
			}
			if (!knockout) return home;
			return winner === 'home' ? home : away;
		};

		const members = pools.map((pool, t) => pool.slice(0, TIERS[t]!.teams));
		const reserve = pools.map((pool, t) => pool.slice(TIERS[t]!.teams));
		const leagueIds = TIERS.map((tier, t) => {
			const id = ++competitionId;
			const name = `${countryName} ${tier.name}`;
			competitions.push([
				id,
				`syn.${country}.${t + 1}`,
				slugify(name),
				name,
				'league',
				areaCode,
				countryName,
				timeZone,
				Math.max(5, tier.weight - country),
			]);
			return id;
		});
		let cupId = 0;
		if (hasCup) {
			cupId = ++competitionId;
			const name = `${countryName} Cup`;
			competitions.push([
				cupId,
				`syn.${country}.cup`,
				slugify(name),
				name,
				'cup',
				areaCode,
				countryName,
				timeZone,
				Math.max(5, 50 - country),
			]);
		}

		for (let y = firstYear; y <= currentYear; y++) {
			const label = `${y}-${String((y + 1) % 100).padStart(2, '0')}`;
			const start = seasonStart(y);
			for (let t = 0; t < TIERS.length; t++) {
				const sid = ++seasonId;
				const teams = members[t]!;
				const n = teams.length;
				const rounds = (n - 1) * 2;
				const spacing = 280 / rounds;
				seasons.push([
					sid,
					leagueIds[t]!,
					label,
					`${countryName} ${TIERS[t]!.name} ${label.replace('-', '/')}`,
					isoDay(start),
					isoDay(start + 290 * 86_400_000),
				]);
				// Circle method: team 0 fixed, the others rotate; the second half swaps home and away.
				const order = teams.slice();
				for (let r = 0; r < n - 1; r++) {
					const day = start + Math.round(r * spacing) * 86_400_000;
					const dayBack = start + Math.round((r + n - 1) * spacing) * 86_400_000;
					for (let i = 0; i < n / 2; i++) {
						const a = order[i]!;
						const b = order[n - 1 - i]!;
						const [home, away] = (r + i) % 2 === 0 ? [a, b] : [b, a];
						const shift = pick(rand, DAY_SHIFTS) * 86_400_000;
						const time = pick(rand, KICKOFF_TIMES);
						addMatch(
							sid,
							`md${r + 1}-${home.id}-${away.id}`,
							`Matchday ${r + 1}`,
							'regular',
							r + 1,
							home,
							away,
							localToUtc(isoDay(day + shift), time, timeZone),
							false,
						);
						const shiftBack = pick(rand, DAY_SHIFTS) * 86_400_000;
						const timeBack = pick(rand, KICKOFF_TIMES);
						addMatch(
							sid,
							`md${r + n}-${away.id}-${home.id}`,
							`Matchday ${r + n}`,
							'regular',
							r + n,
							away,
							home,
							localToUtc(isoDay(dayBack + shiftBack), timeBack, timeZone),
							false,
						);
					}
					order.splice(1, 0, order.pop()!);
				}
			}
			if (hasCup) {
				const sid = ++seasonId;
				seasons.push([
					sid,
					cupId,
					label,
					`${countryName} Cup ${label.replace('-', '/')}`,
					isoDay(start + 30 * 86_400_000),
					isoDay(start + 290 * 86_400_000),
				]);
				let alive = [...members[0]!, ...members[1]!, ...members[2]!].slice(0, 64);
				// A fair draw: shuffle with the seeded generator.
				for (let i = alive.length - 1; i > 0; i--) {
					const j = Math.floor(rand() * (i + 1));
					[alive[i], alive[j]] = [alive[j]!, alive[i]!];
				}
				CUP_ROUNDS.forEach((round, r) => {
					// Wednesdays, five weeks apart.
					const day = isoDay(start + (32 + r * 35) * 86_400_000 + 4 * 86_400_000);
					const next: Team[] = [];
					for (let i = 0; i + 1 < alive.length; i += 2) {
						const kickoff = localToUtc(day, '19:45', timeZone);
						next.push(
							addMatch(
								sid,
								`cup-${r}-${i / 2}`,
								round,
								'knockout',
								null,
								alive[i]!,
								alive[i + 1]!,
								kickoff,
								true,
							),
						);
					}
					alive = next;
				});
			}
			// Promotion and relegation: the bottom of each tier's membership makes room for the pool.
			for (let t = 0; t < TIERS.length; t++) {
				const out = members[t]!.splice(0, CHURN);
				members[t]!.push(...reserve[t]!.splice(0, CHURN));
				reserve[t]!.push(...out);
			}
		}
		yield { table: 'competitions', rows: competitions };
		yield { table: 'seasons', rows: seasons };
		yield { table: 'teams', rows: teamRows };
		yield { table: 'venues', rows: venueRows };
		yield { table: 'matches', rows: matchRows };
		yield { table: 'match_events', rows: eventRows };
	}
}
