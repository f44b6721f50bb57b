import type { Translate } from '~/i18n/server';
import { LOCALE_TAGS, type Locale } from '~/i18n/locales';
import {
	ACTION_FROM,
	EDITABLE_STATUSES,
	type FixtureFilter,
	MATCH_STAGES,
} from '~/lib/cms/fixtures';
import { dateTimeFormat } from '~/lib/intl';
import { localKickoff } from './fixture-kickoff';
import type { FormValues } from './fixtures-console';
import { type FixtureChoices, fixtureChoices, listFixtures, readFixture } from './fixtures-read';

/**
 * What the fixtures pages show, translated and formatted on the server (the pages are
 * markup). Times in the list are UTC, said so on the page: the instant is what is stored.
 */

/** "20 Dec 2026, 14:30 UTC" in the page's language. */
export function utcText(iso: string, locale: Locale): string {
	const f = dateTimeFormat(LOCALE_TAGS[locale], {
		dateStyle: 'medium',
		timeStyle: 'short',
		timeZone: 'UTC',
	});
	return `${f.format(new Date(iso))} UTC`;
}

const zones = (() => {
	let list: string[] | undefined;
	return () => {
		list ??= ['UTC', ...Intl.supportedValuesOf('timeZone').filter((z) => z !== 'UTC')];
		return list;
	};
})();

export interface ListView {
	rows: {
		id: number;
		href: string;
		kickoff: string;
		match: string;
		competition: string;
		round: string;
		status: string;
	}[];
	competitions: { id: number; name: string }[];
	hasMore: boolean;
}

/** The list page: one page of fixtures and the competitions of its filter. */
export async function fixtureListView(
	filter: FixtureFilter,
	t: Translate,
	locale: Locale,
): Promise<ListView> {
	const [{ rows, hasMore }, choices] = await Promise.all([listFixtures(filter), fixtureChoices()]);
	return {
		rows: rows.map((r) => ({
			id: r.id,
			href: `/${locale}/cms/fixtures/${r.id}`,
			kickoff: utcText(r.kickoffAt, locale),
			match: `${r.home.name} – ${r.away.name}`,
			competition: `${r.competition.name} ${r.season.label}`,
			round: r.round,
			status: t(`football:matchStatus.${r.status}`),
		})),
		competitions: choices.competitions,
		hasMore,
	};
}

export interface FormView {
	choices: FixtureChoices;
	stages: { id: string; name: string }[];
	zones: string[];
	values: FormValues;
	fixture: {
		id: number;
		title: string;
		status: string;
		stored: string;
		publicHref: string;
		editable: boolean;
		postpone: boolean;
		cancel: boolean;
		/** A postponed match back on the schedule (its live games open again). */
		restore: boolean;
	} | null;
}

/** The form page: its choices and the values it starts from (the fixture's, or those sent). */
export async function fixtureFormView(
	id: number | null,
	sent: FormValues | undefined,
	t: Translate,
	locale: Locale,
): Promise<FormView | null> {
	const fixture = id === null ? null : await readFixture(id);
	if (id !== null && !fixture) return null;
	const choices = await fixtureChoices();
	let values: FormValues = { stage: 'regular', timeZone: '' };
	if (fixture) {
		const zone = fixture.venue?.timeZone ?? 'UTC';
		const local = localKickoff(new Date(fixture.kickoffAt), zone);
		values = {
			seasonId: String(fixture.season.id),
			homeTeamId: String(fixture.home.id),
			awayTeamId: String(fixture.away.id),
			round: fixture.round,
			stage: fixture.stage,
			matchday: fixture.matchday === null ? '' : String(fixture.matchday),
			venueId: fixture.venue ? String(fixture.venue.id) : '',
			kickoffDate: local.date,
			kickoffTime: local.time,
			timeZone: zone,
		};
	}
	return {
		choices,
		stages: MATCH_STAGES.map((s) => ({ id: s, name: t(`cmsfixtures:stage.${s}`) })),
		zones: zones(),
		values: sent ?? values,
		fixture: fixture
			? {
					id: fixture.id,
					title: `${fixture.home.name} – ${fixture.away.name}`,
					status: t(`football:matchStatus.${fixture.status}`),
					stored: utcText(fixture.kickoffAt, locale),
					publicHref: `/${locale}/match/${fixture.id}`,
					editable: EDITABLE_STATUSES.includes(fixture.status),
					postpone: ACTION_FROM.postpone.includes(fixture.status),
					cancel: ACTION_FROM.cancel.includes(fixture.status),
					restore: ACTION_FROM.restore.includes(fixture.status),
				}
			: null,
	};
}

/** The message of a refused form: the problem, and the field it concerns when known. */
export function problemText(problem: string, field: string | null, t: Translate): string {
	const name = field ? t(`cmsfixtures:field.${field}`) : '';
	return t(`cmsfixtures:problem.${problem}`, { field: name });
}
