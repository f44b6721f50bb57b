/**
 * The OpenAPI paths of scorer assignments and the admin's TOTP reset (issue 13), spread into CMS_OPENAPI's paths like
 * TOOLS_PATHS. (The review endpoint sits with the other scoring paths in openapi.ts.)
 */
const err = (description: string) => ({
	description,
	content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
});
const common = {
	'401': err('No valid console token or cookies'),
	'403': err('Not an admin (staff.manage), or a cross-site cookie request'),
};
const idParam = {
	name: 'id',
	in: 'path',
	required: true,
	schema: { type: 'integer', minimum: 1 },
	description: 'Match id',
};
const scorer = { description: '{ data: { userId, email } }' };

export const HOLD_PATHS = {
	'/api/cms/matches/{id}/scorers': {
		get: {
			summary: 'The scorers assigned to the match (admins)',
			parameters: [idParam],
			responses: { '200': { description: '{ data: [{ userId, email }] }' }, ...common },
		},
		post: {
			summary:
				'Assign a scorer (audited `match.assign`); an assigned scorer may score only their assigned matches',
			parameters: [idParam],
			requestBody: {
				required: true,
				content: {
					'application/json': {
						schema: {
							type: 'object',
							additionalProperties: false,
							required: ['email'],
							properties: { email: { type: 'string', format: 'email', maxLength: 254 } },
						},
					},
				},
			},
			responses: {
				'201': scorer,
				'200': { description: 'Already assigned: `{ data: { userId, email } }`' },
				'400': err('`email` is invalid or not a scorer (`fields: ["email"]`)'),
				...common,
				'404': err('No such match'),
			},
		},
	},
	'/api/cms/matches/{id}/scorers/{userId}': {
		delete: {
			summary: 'Remove an assignment (audited `match.unassign`)',
			parameters: [
				idParam,
				{ name: 'userId', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } },
			],
			responses: {
				'200': scorer,
				'400': err('Invalid `userId`'),
				...common,
				'404': err('That scorer is not assigned to this match'),
			},
		},
	},
	'/api/cms/staff/{id}/totp': {
		delete: {
			summary:
				"Turn off another staff member's two-step verification (admins; audited `totp.disable` with the admin as actor)",
			parameters: [
				{ name: 'id', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } },
			],
			requestBody: {
				required: true,
				content: {
					'application/json': {
						schema: {
							type: 'object',
							additionalProperties: false,
							required: ['code'],
							properties: {
								code: {
									type: 'string',
									maxLength: 40,
									description: "The admin's OWN current code, or one of their recovery codes",
								},
							},
						},
					},
				},
			},
			responses: {
				'200': { description: "{ data: { email, totp: 'none' } }" },
				'400': err('Invalid `id`, or no `code`'),
				...common,
				'403': err(
					"Not an admin (staff.manage), a cross-site cookie request, `invalid_code` (the admin's own code is wrong or used), or `own_totp_required` (the admin has no two-step verification)",
				),
				'404': err('No such staff member'),
				'409': err('`not_enrolled`, or `own_account` (use the security page with a code)'),
				'429': err('`rate_limited`: too many codes tried (Retry-After)'),
			},
		},
	},
};
