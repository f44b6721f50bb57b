import {
	competitionBody,
	competitionFromForm,
	FIXTURE_ACTIONS,
	type FixtureAction,
	fixtureBody,
	fixtureFromForm,
	teamBody,
	teamFromForm,
} from '~/lib/cms/fixtures';
import { createCompetition, createTeam } from './fixture-catalogue';
import { changeFixtureState, createFixture, type Failure, updateFixture } from './fixtures';
import type { Actor } from './guard';

/**
 * The console's form posts for fixtures, teams and competitions: the same schemas and
 * store functions as the JSON API, answered with a translation key (`cmsfixtures:problem.*`)
 * for the page and the values sent, so a refused form keeps what the editor typed.
 */

export type FormValues = Record<string, string>;
type Issue = { path: PropertyKey[]; message: string };

export type FormOutcome =
	| { ok: true; id: number; intent: 'save' | FixtureAction | 'team' | 'competition' }
	| { ok: false; status: number; problem: string; field: string | null; values: FormValues };

function valuesOf(form: FormData): FormValues {
	const out: FormValues = {};
	for (const [k, v] of form) if (typeof v === 'string') out[k] = v.slice(0, 200);
	return out;
}

/** The translation key of a schema issue: specific where the editor needs to know more. */
function issueKey(issue: Issue | undefined): { problem: string; field: string | null } {
	const field = issue ? String(issue.path[0] ?? '') || null : null;
	if (field === 'awayTeamId' && issue?.message.includes('itself'))
		return { problem: 'self', field };
	if (field === 'timeZone') return { problem: 'zone', field };
	if (field === 'slug' || field === 'code') return { problem: 'slug', field };
	return { problem: 'field', field };
}

/** The translation key of a store failure. */
function failureKey(failure: Failure): { problem: string; field: string | null } {
	const field = failure.fields?.[0] ?? null;
	if (failure.error === 'invalid_request')
		return { problem: field === 'kickoffTime' ? 'gap' : 'missing', field };
	const known = ['slug_taken', 'code_taken', 'not_editable', 'wrong_status', 'not_found'];
	return { problem: known.includes(failure.error) ? failure.error : 'failed', field };
}

function refused(
	form: FormData,
	status: number,
	key: { problem: string; field: string | null },
): FormOutcome {
	return { ok: false, status, ...key, values: valuesOf(form) };
}

/** A fixture form post: `intent` save (create or edit), postpone or cancel. */
export async function fixtureFromConsole(
	form: FormData,
	actor: Actor,
	id: number | null,
): Promise<FormOutcome> {
	const intent = String(form.get('intent') ?? 'save');
	if (id !== null && (FIXTURE_ACTIONS as readonly string[]).includes(intent)) {
		const action = intent as FixtureAction;
		const result = await changeFixtureState(actor, id, action);
		return result.ok
			? { ok: true, id, intent: action }
			: refused(form, result.status, failureKey(result));
	}
	const parsed = fixtureBody.safeParse(fixtureFromForm(form));
	if (!parsed.success) return refused(form, 400, issueKey(parsed.error.issues[0]));
	const result =
		id === null
			? await createFixture(actor, parsed.data)
			: await updateFixture(actor, id, parsed.data);
	return result.ok
		? { ok: true, id: result.id, intent: 'save' }
		: refused(form, result.status, failureKey(result));
}

/** A team form post. */
export async function teamFromConsole(form: FormData, actor: Actor): Promise<FormOutcome> {
	const parsed = teamBody.safeParse(teamFromForm(form));
	if (!parsed.success) return refused(form, 400, issueKey(parsed.error.issues[0]));
	const result = await createTeam(actor, parsed.data);
	return result.ok
		? { ok: true, id: result.id, intent: 'team' }
		: refused(form, result.status, failureKey(result));
}

/** A competition form post. */
export async function competitionFromConsole(form: FormData, actor: Actor): Promise<FormOutcome> {
	const parsed = competitionBody.safeParse(competitionFromForm(form));
	if (!parsed.success) return refused(form, 400, issueKey(parsed.error.issues[0]));
	const result = await createCompetition(actor, parsed.data);
	return result.ok
		? { ok: true, id: result.id, intent: 'competition' }
		: refused(form, result.status, failureKey(result));
}
