import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CMS_OPENAPI } from '~/server/cms/openapi';

/** The route file that serves an OpenAPI path (`{id}` → `[id]`, `/x` → `x.ts` or `x/index.ts`). */
function routeFile(path: string): string | null {
	const base = join(process.cwd(), 'src/pages', path.replace(/\{(\w+)\}/g, '[$1]'));
	for (const candidate of [`${base}.ts`, join(base, 'index.ts')])
		if (existsSync(candidate)) return candidate;
	return null;
}

describe('/api/cms/openapi.json', () => {
	it('lists the contract endpoints', () => {
		const paths = Object.keys(CMS_OPENAPI.paths);
		expect(paths).toEqual(
			expect.arrayContaining([
				'/api/cms/matches/{id}/status',
				'/api/cms/matches/{id}/events',
				'/api/cms/matches/{id}/events/{eventId}',
				'/api/cms/matches/{id}/lease',
			]),
		);
	});

	it('every listed path has a route, and every /api/cms route is listed', async () => {
		for (const path of Object.keys(CMS_OPENAPI.paths)) expect(routeFile(path), path).not.toBeNull();
		const { globSync } = await import('node:fs');
		const routes = globSync('src/pages/api/cms/**/*.ts')
			.filter((f) => !f.endsWith('openapi.json.ts'))
			.map((f) =>
				f
					.replace(/^src\/pages/, '')
					.replace(/\/index\.ts$|\.ts$/, '')
					.replace(/\[(\w+)\]/g, '{$1}'),
			);
		expect(routes.length).toBeGreaterThan(3);
		for (const route of routes) expect(Object.keys(CMS_OPENAPI.paths)).toContain(route);
	});
});
