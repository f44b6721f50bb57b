import { describe, expect, it } from 'vitest';
import { normaliseError } from '~/lib/errors';

describe('normaliseError', () => {
	it('takes statusCode, then status, then response.status', () => {
		expect(normaliseError({ message: 'a', statusCode: 404, status: 400 })).toEqual({
			message: 'a',
			statusCode: 404,
		});
		expect(normaliseError({ message: 'b', status: 401 })).toEqual({
			message: 'b',
			statusCode: 401,
		});
		expect(normaliseError({ message: 'c', response: { status: 429 } })).toEqual({
			message: 'c',
			statusCode: 429,
		});
	});
	it('defaults to 500 and ignores nonsense statuses', () => {
		expect(normaliseError(new Error('boom'))).toEqual({ message: 'boom', statusCode: 500 });
		expect(normaliseError({ message: 'x', status: 'teapot' })).toEqual({
			message: 'x',
			statusCode: 500,
		});
		expect(normaliseError({ status: 99 }).statusCode).toBe(500);
		expect(normaliseError(null)).toEqual({ message: 'Error', statusCode: 500 });
		expect(normaliseError('plain')).toEqual({ message: 'plain', statusCode: 500 });
	});
});
