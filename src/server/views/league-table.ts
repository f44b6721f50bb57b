/**
 * A standings table ready to render: labels of the position change, the form badges and
 * the team links are made here, so LeagueTable.astro only prints them.
 */
import { teamPath } from '~/lib/urls';
import type { Translate } from '~/i18n/server';
import { localHref } from '~/lib/locale-resolution';
import { standingsCounts, type StandingsCounts, type StandingsRow } from '~/lib/standings';
import type { ViewContext } from './context';

/** The last results as badges, oldest first. */
export interface FormView {
	/** Accessible name of the whole form ("Won, Won, Drawn"). */
	label: string;
	letters: { letter: 'W' | 'D' | 'L'; title: string; short: string }[];
}

export interface TableRowView extends StandingsCounts {
	teamId: number;
	position: number;
	/** Places moved since the previous matchday: class, arrow and its spoken text. */
	change: { cls: 'same' | 'up' | 'down'; symbol: string; text: string };
	highlight: boolean;
	href: string;
	name: string;
	/** Signed: "+5", "0", "-3". */
	goalDifference: string;
	points: number;
	/** Null when the table shows no form column. */
	form: FormView | null;
}

export interface TableView {
	caption: string;
	showForm: boolean;
	rows: TableRowView[];
}

/** "WWDLW" as badges (other letters are ignored). */
export function formView(form: string, t: Translate): FormView {
	const names = { W: t('football:ui.won'), D: t('football:ui.drawn'), L: t('football:ui.lost') };
	const short = {
		W: t('football:ui.wonShort'),
		D: t('football:ui.drawnShort'),
		L: t('football:ui.lostShort'),
	};
	const letters = [...form].filter(
		(c): c is 'W' | 'D' | 'L' => c === 'W' || c === 'D' || c === 'L',
	);
	return {
		label: letters.map((l) => names[l]).join(', '),
		letters: letters.map((letter) => ({ letter, title: names[letter], short: short[letter] })),
	};
}

function change(c: number | null, t: Translate): TableRowView['change'] {
	if (c === null || c === 0)
		return { cls: 'same', symbol: '–', text: t('football:table.noChange') };
	return c > 0
		? { cls: 'up', symbol: '▲', text: t('football:table.up', { count: c }) }
		: { cls: 'down', symbol: '▼', text: t('football:table.down', { count: -c }) };
}

/** A table (or the part of one a page shows). */
export function tableView(
	rows: readonly StandingsRow[],
	options: {
		caption: string;
		/** Team ids to highlight (the match centre's two teams). */
		highlight?: readonly number[];
		/** The form column (off in compact tables). */
		showForm?: boolean;
	},
	ctx: ViewContext,
): TableView {
	const { caption, highlight = [], showForm = true } = options;
	return {
		caption,
		showForm,
		rows: rows.map((r) => ({
			teamId: r.team.id,
			position: r.position,
			change: change(r.positionChange, ctx.t),
			highlight: highlight.includes(r.team.id),
			href: localHref(ctx.locale, teamPath(r.team)),
			name: r.team.name,
			...standingsCounts(r),
			goalDifference: r.goalDifference > 0 ? `+${r.goalDifference}` : String(r.goalDifference),
			points: r.points,
			form: showForm ? formView(r.form, ctx.t) : null,
		})),
	};
}
