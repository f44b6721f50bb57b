import { randomUUID } from 'node:crypto';
import { eq, or } from 'drizzle-orm';
import {
	ACTION_FROM,
	EDITABLE_STATUSES,
	type FixtureAction,
	type FixtureBody,
} from '~/lib/cms/fixtures';
import { invalidateTags, matchChangeTags } from '../cache/tags';
import { getDb } from '../db/client';
import { matches, seasons, teams, venues } from '../db/schema/football';
import { applyLiveChange, MatchNotFoundError, StaleVersionError } from '../live/apply';
import type { Queryable } from '../live/log';
import { readMatchStates } from '../live/matches';
import { MatchRuleError } from '../live/rules';
import { getLiveHub } from '../live/runtime';
import { writeAudit } from './audit';
import { kickoffInstant, kickoffZone } from './fixture-kickoff';
import type { Actor } from './guard';
import { type IdempotencyClaim, storeAnswer } from '../http/idempotency';

/**
 * Fixtures in the console: matches an editor makes or edits (teams and competitions are in
 * fixture-catalogue.ts). Each change writes its audit row in its transaction and, after
 * COMMIT, drops the cached pages and lists that show it (match centre, day lists, team and
 * league pages carry `lists`).
 * Postponing and cancelling change the match's live status, so they are live changes
 * (`applyLiveChange`): every process and every open page learns of them through the bus.
 */

export type Failure = {
	ok: false;
	status: 400 | 404 | 409;
	error: string;
	message: string;
	fields?: string[];
};
export type Result<T> = ({ ok: true } & T) | Failure;

const invalid = (field: string, message: string): Failure => ({
	ok: false,
	status: 400,
	error: 'invalid_request',
	message: `Invalid field "${field}": ${message}`,
	fields: [field],
});
const notFound = (): Failure => ({
	ok: false,
	status: 404,
	error: 'not_found',
	message: 'No such match',
});
export const conflict = (error: string, message: string, field?: string): Failure => ({
	ok: false,
	status: 409,
	error,
	message,
	...(field ? { fields: [field] } : {}),
});

/** What an audit row keeps of a fixture (ids, and the instant in UTC). */
export interface FixtureSnapshot {
	seasonId: number;
	homeTeamId: number;
	awayTeamId: number;
	round: string;
	stage: string;
	matchday: number | null;
	venueId: number | null;
	kickoffAt: string;
}

class Refused extends Error {
	constructor(readonly failure: Failure) {
		super(failure.message);
	}
}

/** Checks the rows a fixture points at and turns its local kick-off into an instant. */
async function resolve(tx: Queryable, body: FixtureBody): Promise<FixtureSnapshot> {
	const [season] = await tx
		.select({ id: seasons.id })
		.from(seasons)
		.where(eq(seasons.id, body.seasonId));
	if (!season) throw new Refused(invalid('seasonId', 'no such season'));
	const found = await tx
		.select({ id: teams.id })
		.from(teams)
		.where(or(eq(teams.id, body.homeTeamId), eq(teams.id, body.awayTeamId)));
	const ids = new Set(found.map((t) => t.id));
	if (!ids.has(body.homeTeamId)) throw new Refused(invalid('homeTeamId', 'no such team'));
	if (!ids.has(body.awayTeamId)) throw new Refused(invalid('awayTeamId', 'no such team'));
	let venueZone: string | null = null;
	if (body.venueId) {
		const [venue] = await tx
			.select({ zone: venues.timeZone })
			.from(venues)
			.where(eq(venues.id, body.venueId));
		if (!venue) throw new Refused(invalid('venueId', 'no such venue'));
		venueZone = venue.zone;
	}
	const zone = kickoffZone(body.timeZone, venueZone);
	const kickoff = kickoffInstant(body.kickoffDate, body.kickoffTime, zone);
	if (!kickoff.ok)
		throw new Refused(
			invalid(
				'kickoffTime',
				`${body.kickoffTime} does not exist on that day in ${zone} (clocks go forward)`,
			),
		);
	return {
		seasonId: body.seasonId,
		homeTeamId: body.homeTeamId,
		awayTeamId: body.awayTeamId,
		round: body.round,
		stage: body.stage,
		matchday: body.matchday ?? null,
		venueId: body.venueId ?? null,
		kickoffAt: kickoff.at.toISOString(),
	};
}

const columns = (s: FixtureSnapshot) => ({
	seasonId: s.seasonId,
	homeTeamId: s.homeTeamId,
	awayTeamId: s.awayTeamId,
	round: s.round,
	stage: s.stage as FixtureBody['stage'],
	matchday: s.matchday,
	venueId: s.venueId,
	kickoffAt: new Date(s.kickoffAt),
	kickoffTimeKnown: true,
});

async function refusing<T>(work: () => Promise<Result<T>>): Promise<Result<T>> {
	try {
		return await work();
	} catch (error) {
		if (error instanceof Refused) return error.failure;
		throw error;
	}
}

/** A new scheduled match (audited `fixture.create`); public pages show it at once. */
export async function createFixture(
	actor: Actor,
	body: FixtureBody,
): Promise<Result<{ id: number }>> {
	const db = await getDb();
	const result = await refusing(() =>
		db.transaction(async (tx) => {
			const fixture = await resolve(tx, body);
			const [row] = await tx
				.insert(matches)
				.values({ ...columns(fixture), sourceKey: `cms-${randomUUID()}`, status: 'scheduled' })
				.returning({ id: matches.id });
			const id = row!.id;
			await writeAudit(tx, {
				actor,
				action: 'fixture.create',
				target: `match:${id}`,
				after: { ...fixture, timeZone: body.timeZone ?? null },
			});
			return { ok: true as const, id };
		}),
	);
	if (result.ok) invalidateTags(matchChangeTags([result.id]));
	return result;
}

/** Edits a scheduled or postponed match (audited `fixture.update`, before and after). */
export async function updateFixture(
	actor: Actor,
	id: number,
	body: FixtureBody,
): Promise<Result<{ id: number }>> {
	const db = await getDb();
	const result = await refusing(() =>
		db.transaction(async (tx) => {
			const [row] = await tx.select().from(matches).where(eq(matches.id, id)).for('update');
			if (!row) return notFound();
			if (!EDITABLE_STATUSES.includes(row.status))
				return conflict('not_editable', `A match that is ${row.status} cannot be edited here`);
			const before: FixtureSnapshot = {
				seasonId: row.seasonId,
				homeTeamId: row.homeTeamId,
				awayTeamId: row.awayTeamId,
				round: row.round,
				stage: row.stage,
				matchday: row.matchday,
				venueId: row.venueId,
				kickoffAt: row.kickoffAt.toISOString(),
			};
			const after = await resolve(tx, body);
			await tx
				.update(matches)
				.set({ ...columns(after), updatedAt: new Date() })
				.where(eq(matches.id, id));
			await writeAudit(tx, {
				actor,
				action: 'fixture.update',
				target: `match:${id}`,
				before: { ...before },
				after: { ...after, timeZone: body.timeZone ?? null },
			});
			return { ok: true as const, id };
		}),
	);
	if (result.ok) {
		invalidateTags(matchChangeTags([id]));
		// Open pages hear of the edit (a new kick-off time above all) through the live log: a
		// status message with the match as it now is. Its status is left as it was.
		await applyLiveChange({ matchId: String(id), kind: 'status' }, { db, bus: getLiveHub().bus });
	}
	return result;
}

const ACTION_STATUS = { postpone: 'postponed', cancel: 'cancelled', restore: 'scheduled' } as const;

/**
 * Postpones, cancels or restores through the live write path: one `status` live change
 * (held to the match state machine) whose transaction also writes the `fixture.postpone` /
 * `fixture.cancel` / `fixture.restore` audit row and, under an Idempotency-Key, the answer;
 * after COMMIT the event goes out on the bus, so open pages, caches and other processes follow.
 */
export async function changeFixtureState(
	actor: Actor,
	id: number,
	action: FixtureAction,
	claim?: IdempotencyClaim | null,
): Promise<Result<{ id: number; status: string; version: number }>> {
	const db = await getDb();
	const [state] = await readMatchStates(db, [String(id)]);
	if (!state) return notFound();
	const wrong = (status: string) =>
		conflict('wrong_status', `A match that is ${status} cannot be ${ACTION_STATUS[action]}`);
	if (!ACTION_FROM[action].includes(state.status)) return wrong(state.status);
	try {
		const event = await applyLiveChange(
			{ matchId: String(id), kind: 'status', status: ACTION_STATUS[action], minute: null },
			{ db, bus: getLiveHub().bus },
			{
				expectVersion: state.version,
				rules: 'console',
				within: async (tx, { before, event }) => {
					await writeAudit(tx, {
						actor,
						action: `fixture.${action}`,
						target: `match:${id}`,
						before: { status: before.status, version: before.version },
						after: { status: ACTION_STATUS[action], version: before.version + 1 },
					});
					if (claim) {
						const { version } = event.payload as { version: number };
						const data = { id, status: ACTION_STATUS[action], version };
						await storeAnswer(tx, claim, { status: 201, body: { data } });
					}
				},
			},
		);
		const payload = event.payload as { status: string; version: number };
		return { ok: true, id, status: payload.status, version: payload.version };
	} catch (error) {
		if (error instanceof MatchRuleError) return wrong(error.from);
		// Someone changed the match between the read and the lock: its new status decides.
		if (error instanceof StaleVersionError) {
			const [now] = await readMatchStates(db, [String(id)]);
			return wrong(now?.status ?? 'changed');
		}
		if (error instanceof MatchNotFoundError) return notFound();
		throw error;
	}
}
