import { json } from '../auth/http';
import { fieldProblems } from '~/lib/cms/lineup';

/**
 * 400 for a body that failed its schema, naming each field by its full dotted path
 * (`home.starters`, `away.bench.2.name`): nested bodies need more than the top-level name
 * `invalidBody` gives, or an editor cannot tell which of two sides is wrong.
 */
export function invalidFields(issues: { path: PropertyKey[]; message: string }[]): Response {
	const problems = fieldProblems(issues);
	const first = problems[0];
	return json(400, {
		error: 'invalid_request',
		message: first ? `Invalid field "${first.field}": ${first.message}` : 'Invalid request',
		fields: [...new Set(problems.map((p) => p.field))],
		problems,
	});
}
