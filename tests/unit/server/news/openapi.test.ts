import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { CMS_OPENAPI } from '~/server/cms/openapi';

describe('/api/cms/openapi.json with the news endpoints', () => {
	it('lists every news endpoint and stays valid OpenAPI 3.1', async () => {
		expect(Object.keys(CMS_OPENAPI.paths)).toEqual(
			expect.arrayContaining([
				'/api/cms/news',
				'/api/cms/news/{id}',
				'/api/cms/news/{id}/state',
				'/api/cms/news/preview',
				'/api/cms/news/images',
			]),
		);
		const result = await new Validator().validate(structuredClone(CMS_OPENAPI) as never);
		expect(result.errors ?? [], JSON.stringify(result.errors)).toEqual([]);
		expect(result.valid).toBe(true);
	});
});
