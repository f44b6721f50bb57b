/**
 * What the console islands share with the server for destructive actions (issue 28): the
 * labels of the in-page confirm step, the undo toast and the result correction
 * (`cmssafe:*`, translated on the server with their `{placeholders}` left for the island),
 * and which undo a completed action offers.
 */
import type { ScoringAction } from './scoring';

export const SAFE_LABEL_KEYS = [
	'confirm.ask',
	'confirm.final',
	'confirm.yes',
	'confirm.keep',
	'undo.deleted',
	'undo.postponed',
	'undo.button',
	'undo.left',
	'result.title',
	'result.hint',
	'result.scorerHint',
	'result.ended',
	'result.reason',
	'result.reasonHint',
	'result.submit',
	'result.done',
	'result.failed',
	'result.stale',
	'result.sending',
] as const;
export type SafeLabelKey = (typeof SAFE_LABEL_KEYS)[number];
export type SafeLabels = Record<SafeLabelKey, string>;

/** How long the console offers to undo a deletion or a postponement. */
export const UNDO_MS = 10_000;

/** An action the console may send: what the scorer would have clicked. */
export type ConsoleIntent = Omit<ScoringAction, 'key' | 'idempotencyKey'>;

/**
 * The reverse of a completed action, where the match's rules have one: a deleted entry is
 * restored (`/events/{id}/restore`), a postponed match goes back on the schedule. Nothing
 * else: full time, abandoned and cancelled have no way back (an editor corrects a result).
 */
export function undoOf(
	done: ConsoleIntent,
	/** What the pending list calls the undo of a deletion and of a postponement. */
	names: { undo: string; restore: string },
): { kind: 'deleted' | 'postponed'; intent: ConsoleIntent } | null {
	const deleted = done.method === 'DELETE' ? /^\/events\/(\d+)$/.exec(done.path) : null;
	if (deleted)
		return {
			kind: 'deleted',
			intent: {
				method: 'POST',
				path: `/events/${deleted[1]}/restore`,
				body: {},
				label: names.undo,
			},
		};
	if (done.path === '/status' && done.body['status'] === 'postponed')
		return {
			kind: 'postponed',
			intent: {
				method: 'POST',
				path: '/status',
				body: { status: 'scheduled' },
				label: names.restore,
			},
		};
	return null;
}
