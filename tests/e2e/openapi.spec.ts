import { Validator } from '@seriousme/openapi-schema-validator';
import { expect, test, type APIRequestContext } from '@playwright/test';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

// Every GET the OpenAPI document describes, answered by the built site, validated against
// the document: success and error bodies alike, with no property the document does not name.

type Schema = Record<string, unknown>;
type Responses = Record<string, { content?: Record<string, { schema: Schema }> }>;
type Doc = {
	paths: Record<
		string,
		{ get?: { responses: Responses }; post?: { responses: Responses }; servers?: unknown }
	>;
	components: { schemas: Record<string, Schema> };
};

/** Objects may carry only the properties they document (the document's own schemas are open). */
function closed(schema: unknown, loose: string[]): void {
	if (Array.isArray(schema)) {
		for (const s of schema) closed(s, loose);
		return;
	}
	if (!schema || typeof schema !== 'object') return;
	const s = schema as Schema;
	const types = ([] as unknown[]).concat(s.type ?? []);
	if (types.includes('object') && !s.properties && !s.$ref && s.additionalProperties === undefined)
		loose.push(JSON.stringify(s));
	if (s.properties && s.additionalProperties === undefined) s.unevaluatedProperties = false;
	for (const value of Object.values(s)) closed(value, loose);
}

interface Case {
	/** The documented path this request exercises. */
	doc: string;
	url: string;
	status: number;
}

async function cases(request: APIRequestContext): Promise<Case[]> {
	const day = async (date: string) =>
		(
			(await (await request.get(`/api/v1/matches?date=${date}`)).json()) as {
				competitions: { matches: { id: number }[] }[];
			}
		).competitions;
	const final = (await day('2022-12-18'))[0]!.matches[0]!.id;
	const leagueMatch = (await day('2024-01-20'))[0]!.matches[0]!.id;
	const rows = (
		(await (
			await request.get('/api/v1/competitions/premier-league/standings?season=2023-24')
		).json()) as { rows: { team: { id: number } }[] }
	).rows;
	const [a, b] = [rows[0]!.team.id, rows[1]!.team.id];
	return [
		{ doc: '/competitions', url: '/competitions', status: 200 },
		{ doc: '/competitions/{id}', url: '/competitions/world-cup', status: 200 },
		{ doc: '/competitions/{id}', url: '/competitions/1', status: 200 },
		{ doc: '/competitions/{id}', url: '/competitions/Not_A_Slug!', status: 400 },
		{ doc: '/competitions/{id}', url: '/competitions/no-such-league', status: 404 },
		{
			doc: '/competitions/{id}/standings',
			url: '/competitions/premier-league/standings',
			status: 200,
		},
		{
			doc: '/competitions/{id}/standings',
			url: '/competitions/world-cup/standings?season=2022',
			status: 200,
		},
		{
			doc: '/competitions/{id}/standings',
			url: '/competitions/premier-league/standings?season=2023-24&date=2024-01-01',
			status: 200,
		},
		{
			doc: '/competitions/{id}/standings',
			url: '/competitions/premier-league/standings?season=abc',
			status: 400,
		},
		{
			doc: '/competitions/{id}/standings',
			url: '/competitions/premier-league/standings?date=2025-02-30',
			status: 400,
		},
		{
			doc: '/competitions/{id}/standings',
			url: '/competitions/no-such-league/standings',
			status: 404,
		},
		{
			doc: '/competitions/{id}/standings',
			url: '/competitions/premier-league/standings?season=1999-00',
			status: 404,
		},
		{ doc: '/matches', url: '/matches?date=2022-12-18', status: 200 },
		{
			doc: '/matches',
			url: '/matches?date=2024-01-20&tz=Europe/Berlin&status=results',
			status: 200,
		},
		{ doc: '/matches', url: '/matches?status=live', status: 200 },
		{ doc: '/matches', url: '/matches?status=fixtures', status: 200 },
		{ doc: '/matches', url: '/matches?date=20-01-2024', status: 400 },
		{ doc: '/matches', url: '/matches?tz=Mars/Olympus', status: 400 },
		{ doc: '/matches', url: '/matches?status=soon', status: 400 },
		{ doc: '/matches', url: '/matches?competition=-1', status: 400 },
		{ doc: '/matches/{id}', url: `/matches/${final}`, status: 200 },
		{ doc: '/matches/{id}', url: `/matches/${leagueMatch}`, status: 200 },
		{ doc: '/matches/{id}', url: '/matches/abc', status: 400 },
		{ doc: '/matches/{id}', url: '/matches/999999999', status: 404 },
		{ doc: '/matches/{id}/games', url: `/matches/${final}/games`, status: 200 },
		{ doc: '/matches/{id}/games', url: '/matches/abc/games', status: 400 },
		{ doc: '/matches/{id}/games', url: '/matches/999999999/games', status: 404 },
		{ doc: '/teams/{id}', url: `/teams/${a}`, status: 200 },
		{ doc: '/teams/{id}', url: '/teams/x', status: 400 },
		{ doc: '/teams/{id}', url: '/teams/2147483647', status: 404 },
		{ doc: '/h2h', url: `/h2h?team1=${a}&team2=${b}`, status: 200 },
		{ doc: '/h2h', url: `/h2h?team1=${a}`, status: 400 },
		{ doc: '/h2h', url: `/h2h?team1=${a}&team2=${a}`, status: 400 },
		{ doc: '/h2h', url: `/h2h?team1=${a}&team2=2147483647`, status: 404 },
	];
}

test('the OpenAPI document is valid OpenAPI 3.1', async ({ request }) => {
	const doc = await (await request.get('/api/v1/openapi.json')).json();
	const result = await new Validator().validate(doc);
	expect(result.errors ?? [], JSON.stringify(result.errors)).toEqual([]);
	expect(result.valid).toBe(true);
});

test('every documented GET answer (success and error) matches the document', async ({
	request,
}) => {
	test.setTimeout(120_000);
	const doc = (await (await request.get('/api/v1/openapi.json')).json()) as Doc;
	const strict = structuredClone(doc);
	const loose: string[] = [];
	closed(strict.components.schemas, loose);
	expect.soft(loose, 'object schemas that name no properties').toEqual([]);
	const ajv = new Ajv2020({ allErrors: true, strict: false });
	addFormats(ajv);
	ajv.addSchema({ $id: 'https://api.test/openapi.json', components: strict.components });

	const documented = new Set<string>();
	for (const [path, item] of Object.entries(doc.paths)) {
		// Paths with a server of their own (follows, push under /api) are not the /api/v1 data
		// API these cases walk: tests/integration/push and tests/integration/follows cover them.
		if (!item.get || item.servers) continue;
		for (const status of Object.keys(item.get.responses)) documented.add(`${path} ${status}`);
	}
	const exercised = new Set<string>();
	const problems: string[] = [];
	for (const c of await cases(request)) {
		const response = await request.get(`/api/v1${c.url}`);
		expect(response.status(), c.url).toBe(c.status);
		const spec = doc.paths[c.doc]?.get?.responses[String(c.status)];
		if (!spec) {
			problems.push(`${c.url}: status ${c.status} is not documented for ${c.doc}`);
			continue;
		}
		exercised.add(`${c.doc} ${c.status}`);
		expect(response.headers()['content-type'], c.url).toMatch(/^application\/json/);
		const ref = (spec.content?.['application/json']?.schema as { $ref: string } | undefined)?.$ref;
		expect(ref, `${c.url}: documented without a JSON schema`).toBeDefined();
		const validate = ajv.getSchema(`https://api.test/openapi.json${ref}`)!;
		if (!validate(await response.json()))
			problems.push(`${c.url}: ${ajv.errorsText(validate.errors, { separator: '\n  ' })}`);
		// Each path's 304: the answer's ETag sent back gives an empty 304.
		if (c.status === 200 && !exercised.has(`${c.doc} 304`)) {
			const again = await request.get(`/api/v1${c.url}`, {
				headers: { 'If-None-Match': response.headers().etag! },
			});
			expect(again.status(), c.url).toBe(304);
			expect((await again.body()).length).toBe(0);
			exercised.add(`${c.doc} 304`);
		}
	}
	expect(problems).toEqual([]);
	expect(
		[...documented].filter((d) => !exercised.has(d)),
		'documented answers no case exercises',
	).toEqual([]);
});
