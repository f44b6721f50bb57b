import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as cmsLoginRoute from '~/pages/api/auth/cms/login';
import * as auditRoute from '~/pages/api/cms/audit';
import { parseAuditQuery } from '~/server/cms/audit';
import { addStaff } from '~/server/cms/staff';
import { call, resetAuthWorld, setupAuthWorld, teardownAuthWorld } from '../auth/helpers';

// Issue 28/8: a NUL in an audit filter reached PostgreSQL, which refuses it (a 500). The
// rule of lib/input.ts applies: a 400 naming the field, for the API and the console page.
const PASSWORD = 'correct horse battery staple';

async function adminToken(): Promise<string> {
	expect(
		(await addStaff({ email: 'boss@example.com', role: 'admin', password: PASSWORD })).ok,
	).toBe(true);
	const r = await call(cmsLoginRoute.POST, {
		body: { email: 'boss@example.com', password: PASSWORD },
	});
	return ((await r.json()) as { data: { token: { access_token: string } } }).data.token
		.access_token;
}

describe('audit filters refuse a NUL byte (issue 28/8)', () => {
	beforeAll(() => setupAuthWorld({ REDIS_URL: '' }));
	afterAll(teardownAuthWorld);
	beforeEach(resetAuthWorld);

	for (const field of ['target', 'actor']) {
		it(`GET /api/cms/audit?${field}=%00 is a 400 naming ${field}`, async () => {
			const token = await adminToken();
			const r = await call(auditRoute.GET, {
				method: 'GET',
				path: `/api/cms/audit?${field}=%00`,
				headers: { authorization: `Bearer ${token}` },
			});
			expect(r.status).toBe(400);
			const body = (await r.json()) as { error: string; message: string; fields: string[] };
			expect(body.error).toBe('invalid_request');
			expect(body.fields).toEqual([field]);
			expect(body.message).toContain('NUL');
		});

		it(`the console page's parse refuses ${field}=%00 (so the page answers 400)`, () => {
			const parsed = parseAuditQuery(new URLSearchParams(`${field}=a%00b`));
			expect(parsed.ok).toBe(false);
			if (!parsed.ok) expect(parsed.issues.map((i) => i.path[0])).toEqual([field]);
		});
	}
});
