import { CORRECTED_STATUSES } from '~/lib/football/match-transitions';

/**
 * The OpenAPI parts of issue 28: the Idempotency-Key every console write takes, the state
 * machine's refusals, and the result correction an editor makes on a match that is over.
 */

const err = (description: string) => ({
	description,
	content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
});

/** The header a console write may carry; the console sends one per click. */
export const idempotencyKeyParam = {
	name: 'Idempotency-Key',
	in: 'header',
	required: false,
	schema: { type: 'string', pattern: '^[A-Za-z0-9_.:-]{8,100}$' },
	description:
		'One key per intended change, the same on every retry of it: a repeat within 24 hours gets the first answer again (same status and body, header `Idempotent-Replayed: true`) and changes nothing. The same key on another request is 422 `idempotency_key_reused`.',
};

/** The 409 codes of the match state machine and the scoring window. */
export const RULE_CONFLICTS =
	'`transition_not_allowed` (not a move the match state machine allows from its status), `not_in_play` (events only while live or at half time), `match_over` (a match that is over changes only by an editor correcting its result), `outside_scoring_window` (a scorer without assigned matches scores only matches being played or kicking off within SCORING_WINDOW_HOURS); each with the match status as `matchStatus`';

export const RULES_PATHS = {
	'/api/cms/matches/{id}/result': {
		post: {
			summary:
				'Correct the result of a match that is over (editors and admins, with a reason; audited match.result.correct; the live games are re-settled)',
			parameters: [
				{
					name: 'id',
					in: 'path',
					required: true,
					schema: { type: 'integer', minimum: 1 },
					description: 'Match id',
				},
				idempotencyKeyParam,
			],
			requestBody: {
				required: true,
				content: {
					'application/json': {
						schema: {
							type: 'object',
							additionalProperties: false,
							required: ['score', 'reason'],
							properties: {
								score: {
									type: 'object',
									additionalProperties: false,
									required: ['home', 'away'],
									properties: {
										home: { type: 'integer', minimum: 0, maximum: 99 },
										away: { type: 'integer', minimum: 0, maximum: 99 },
									},
								},
								status: { enum: [...CORRECTED_STATUSES] },
								reason: { type: 'string', minLength: 3, maxLength: 500 },
								version: { type: 'integer' },
							},
						},
					},
				},
			},
			responses: {
				'201': {
					description: 'Corrected; published to every open page. The new match version.',
					content: { 'application/json': { schema: { $ref: '#/components/schemas/Recorded' } } },
				},
				'400': err('Invalid body or path: `fields` names the offending field'),
				'401': err('No valid console token or cookies'),
				'403': err('Not an editor or admin, a site token, or a cross-site cookie request'),
				'404': err('No such match'),
				'409': err(
					'`not_over` (the match is not over: score it in the console), `transition_not_allowed`, `stale_version`',
				),
				'422': err('`idempotency_key_reused`'),
			},
		},
	},
};
