import { LOCALES } from '~/i18n/locales';
import { STREAM_KINDS } from '~/lib/cms/stream-input';

/**
 * The OpenAPI paths of catalogue stream editing (`/api/cms/streams`), spread into
 * CMS_OPENAPI's paths; kept apart like openapi-tools.ts.
 */
const err = (description: string) => ({
	description,
	content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
});
const common = {
	'401': err('No valid console token or cookies'),
	'403': err('The role has no streams.edit (or a cross-site cookie request)'),
};
const idParam = {
	name: 'id',
	in: 'path',
	required: true,
	schema: { type: 'string', pattern: '^[a-z0-9][a-z0-9-]{0,62}$' },
	description: 'Stream id (its address segment)',
};
const text = {
	type: 'object',
	additionalProperties: false,
	required: ['title'],
	properties: {
		title: { type: 'string', minLength: 1, maxLength: 200 },
		description: { type: ['string', 'null'], maxLength: 1000 },
	},
};
const instant = { type: ['string', 'null'], format: 'date-time', description: 'UTC instant' };
const fields = {
	kind: { type: 'string', enum: [...STREAM_KINDS] },
	title: {
		type: 'string',
		minLength: 1,
		maxLength: 200,
		description: 'English (every locale falls back to it)',
	},
	description: { type: ['string', 'null'], maxLength: 1000 },
	translations: {
		type: 'object',
		additionalProperties: false,
		properties: Object.fromEntries(LOCALES.filter((l) => l !== 'en').map((l) => [l, text])),
	},
	plans: {
		type: 'array',
		maxItems: 20,
		items: { type: 'string' },
		description: 'Plan ids from the plans table; empty: free',
	},
	countries: {
		type: ['array', 'null'],
		items: { type: 'string', pattern: '^[A-Za-z]{2}$' },
		description: 'ISO 3166-1 alpha-2 codes; null or empty: everywhere',
	},
	hlsSource: {
		type: 'string',
		maxLength: 2000,
		description:
			'A folder of MEDIA_DIR ending in /index.m3u8, or an https URL of an .m3u8 without credentials',
	},
	startsAt: instant,
	endsAt: {
		...instant,
		description: 'UTC instant after startsAt; the stream leaves the public lists then',
	},
	position: { type: 'integer', minimum: 0, maximum: 100000 },
};
const required = ['kind', 'title', 'plans', 'countries', 'hlsSource'];
const one = {
	description:
		'{ data: { id, kind, title, description, translations, plans, countries, hlsSource, startsAt, endsAt, position, matchId, createdAt } }',
};

export const STREAM_PATHS = {
	'/api/cms/streams': {
		get: {
			summary: 'The stream catalogue, 25 a page (admin, editor)',
			parameters: [
				{ name: 'kind', in: 'query', schema: { type: 'string', enum: [...STREAM_KINDS] } },
				{ name: 'page', in: 'query', schema: { type: 'integer', minimum: 1, default: 1 } },
			],
			responses: {
				'200': { description: '{ data: [...], page, hasMore, total }' },
				'400': err('A bad kind or page'),
				...common,
			},
		},
		post: {
			summary: 'Create a stream (audited as stream.create; public pages show it at once)',
			requestBody: {
				required: true,
				content: {
					'application/json': {
						schema: {
							type: 'object',
							additionalProperties: false,
							required: ['id', ...required],
							properties: {
								id: { type: 'string', pattern: '^[a-z0-9][a-z0-9-]{0,62}$' },
								...fields,
							},
						},
					},
				},
			},
			responses: {
				'201': one,
				'400': err('A field is invalid (named in `fields`), or a plan does not exist'),
				...common,
				'409': err('id_taken'),
				'413': err('Body over 16 KB'),
			},
		},
	},
	'/api/cms/streams/{id}': {
		get: {
			summary: 'One stream with every translation',
			parameters: [idParam],
			responses: {
				'200': one,
				'400': err('Not a stream id'),
				...common,
				'404': err('No such stream'),
			},
		},
		put: {
			summary:
				"Replace a stream's fields and translations (audited as stream.update with before and after)",
			parameters: [idParam],
			requestBody: {
				required: true,
				content: {
					'application/json': {
						schema: { type: 'object', additionalProperties: false, required, properties: fields },
					},
				},
			},
			responses: {
				'200': one,
				'400': err('A field is invalid (named in `fields`)'),
				...common,
				'404': err('No such stream'),
				'409': err('attached: a stream on a match must stay live or highlight'),
				'413': err('Body over 16 KB'),
			},
		},
		delete: {
			summary: 'Delete a stream nothing uses (audited as stream.delete)',
			parameters: [idParam],
			responses: {
				'200': { description: '{ data: { id } }' },
				...common,
				'404': err('No such stream'),
				'409': err('in_use: on a match, or a template of the replay feed'),
			},
		},
	},
};
