import { describe, expect, it } from 'vitest';
import { settingsProblems } from '~/server/config';

/** Issue 27: the signed address's lifetime is a setting, so tests and sites can shorten it. */
describe('MEDIA_URL_TTL', () => {
	const env = { NODE_ENV: 'development' };

	it('defaults to 600 s and takes a shorter lifetime', () => {
		expect(settingsProblems(env)).toEqual([]);
		expect(settingsProblems({ ...env, MEDIA_URL_TTL: '20' })).toEqual([]);
	});

	it('a bad value stops the start with a line naming the setting', () => {
		for (const bad of ['5', 'ten', '-1', '1.5', '100000']) {
			const problems = settingsProblems({ ...env, MEDIA_URL_TTL: bad });
			expect(problems).toHaveLength(1);
			expect(problems[0]).toMatch(/^MEDIA_URL_TTL: /);
		}
	});
});
