import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as cmsLoginRoute from '~/pages/api/auth/cms/login';
import * as totpRoute from '~/pages/api/cms/staff/[id]/totp';
import { beginEnrolment, confirmEnrolment, totpStatus } from '~/server/auth/second-factor';
import { totpCode } from '~/server/auth/totp';
import { now } from '~/server/clock';
import { addStaff } from '~/server/cms/staff';
import { resetTotpFromConsole } from '~/server/cms/totp-reset';
import { rowsOf } from '~/server/db/rows';
import {
	call,
	cookieHeader,
	db,
	resetAuthWorld,
	setupAuthWorld,
	teardownAuthWorld,
} from '../auth/helpers';

const PASSWORD = 'correct horse battery staple';

async function member(email: string, role: 'admin' | 'editor' | 'scorer') {
	const added = await addStaff({ email, role, password: PASSWORD });
	if (!added.ok) throw new Error('staff');
	return { id: added.member.id, email: added.member.email, scope: ['user', role] };
}

/** Enrols the user; their recovery codes, so an admin can prove who they are afterwards. */
async function enrol(user: { id: string; email: string }): Promise<string[]> {
	const shown = await beginEnrolment(user);
	if (!shown) throw new Error('already enrolled');
	const done = await confirmEnrolment(user, totpCode(shown.secret, now() - 30_000), '198.51.100.1');
	if (!done.ok) throw new Error('enrolment');
	return done.recoveryCodes;
}

async function bearer(email: string): Promise<string> {
	const r = await call(cmsLoginRoute.POST, { body: { email, password: PASSWORD } });
	return ((await r.json()) as { data: { token: { access_token: string } } }).data.token
		.access_token;
}

const form = (entries: Record<string, string>) => {
	const f = new FormData();
	for (const [k, v] of Object.entries(entries)) f.set(k, v);
	return f;
};

describe("an admin turns off someone else's two-step verification", () => {
	beforeAll(() => setupAuthWorld({ REDIS_URL: '', CMS_REQUIRE_TOTP: '0' }));
	afterAll(teardownAuthWorld);
	beforeEach(async () => {
		await resetAuthWorld();
		await db().exec('TRUNCATE cms_audit');
	});

	it('from the staff page, only with the box ticked; audited with the admin as actor', async () => {
		const admin = await member('chief@example.com', 'admin');
		const scorer = await member('scorer@example.com', 'scorer');
		await enrol(scorer);
		expect(await totpStatus(scorer.id)).toBe('enrolled');
		const ip = '198.51.100.9';

		// Issue 28/5: an admin without two-step verification of their own cannot do it…
		const unproven = await resetTotpFromConsole(
			form({ intent: 'totp-off', userId: scorer.id, confirm: 'yes', code: '123456' }),
			admin,
			ip,
		);
		expect(unproven).toMatchObject({ ok: false, status: 403, error: 'own_totp_required' });
		const [recovery] = await enrol(admin);

		const unticked = await resetTotpFromConsole(
			form({ intent: 'totp-off', userId: scorer.id, code: recovery! }),
			admin,
			ip,
		);
		expect(unticked).toMatchObject({ ok: false, status: 400, fields: ['confirm'] });
		// …nor without their own current code, nor with a wrong one.
		const noCode = await resetTotpFromConsole(
			form({ intent: 'totp-off', userId: scorer.id, confirm: 'yes' }),
			admin,
			ip,
		);
		expect(noCode).toMatchObject({ ok: false, status: 400, fields: ['code'] });
		const wrong = await resetTotpFromConsole(
			form({ intent: 'totp-off', userId: scorer.id, confirm: 'yes', code: '000000' }),
			admin,
			ip,
		);
		expect(wrong).toMatchObject({ ok: false, status: 403, error: 'invalid_code' });
		expect(await totpStatus(scorer.id)).toBe('enrolled');

		const done = await resetTotpFromConsole(
			form({ intent: 'totp-off', userId: scorer.id, confirm: 'yes', code: recovery! }),
			admin,
			ip,
		);
		expect(done).toEqual({ ok: true, email: 'scorer@example.com' });
		expect(await totpStatus(scorer.id)).toBe('none');
		expect(
			rowsOf(
				await db().db.execute(sql`SELECT 1 FROM cms_recovery_codes WHERE user_id = ${scorer.id}`),
			),
		).toHaveLength(0);
		const audit = rowsOf<{ actor_email: string; action: string; target: string }>(
			await db().db.execute(
				sql`SELECT actor_email, action, target FROM cms_audit WHERE action = 'totp.disable'`,
			),
		);
		expect(audit).toEqual([
			{
				actor_email: 'chief@example.com',
				action: 'totp.disable',
				target: 'user:scorer@example.com',
			},
		]);
		// Twice: nothing left to turn off.
		expect(
			await resetTotpFromConsole(
				form({ userId: scorer.id, confirm: 'yes', code: recovery! }),
				admin,
				ip,
			),
		).toMatchObject({ ok: false, error: 'not_enrolled' });
	});

	it('API: 200 for an admin; 409 for their own account; 403 for an editor and a cross-site call; 400 for a bad id', async () => {
		const admin = await member('chief@example.com', 'admin');
		const editor = await member('editor@example.com', 'editor');
		await enrol(editor);
		await enrol(admin);
		const del = (token: string, id: string, code?: string) =>
			call(totpRoute.DELETE, {
				method: 'DELETE',
				params: { id },
				headers: { authorization: `Bearer ${token}` },
				...(code !== undefined ? { body: { code } } : {}),
			});
		// Both enrolled, CMS_REQUIRE_TOTP off: a bearer login needs their code, so log in first…
		await db().exec('TRUNCATE cms_totp, cms_recovery_codes');
		const adminToken = await bearer('chief@example.com');
		const editorToken = await bearer('editor@example.com');
		const cookies = cookieHeader(
			await call(cmsLoginRoute.POST, { body: { email: 'chief@example.com', password: PASSWORD } }),
		);
		expect(cookies).toContain('auth._token.cms');
		await enrol(editor);
		const [first, second] = await enrol(admin);

		expect((await del(editorToken, admin.id)).status).toBe(403);
		expect((await del(adminToken, 'nope')).status).toBe(400);
		const own = await del(adminToken, admin.id);
		expect(own.status).toBe(409);
		expect(await totpStatus(admin.id)).toBe('enrolled');

		const evil = await call(totpRoute.DELETE, {
			method: 'DELETE',
			params: { id: editor.id },
			path: `/api/cms/staff/${editor.id}/totp`,
			headers: { cookie: cookies, origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
		});
		expect(evil.status).toBe(403);
		expect(await totpStatus(editor.id)).toBe('enrolled');

		// Issue 28/5: the admin's own current code (or a recovery code) is required.
		const none = await del(adminToken, editor.id);
		expect(none.status).toBe(400);
		expect(((await none.json()) as { fields: string[] }).fields).toEqual(['code']);
		expect((await del(adminToken, editor.id, '000000')).status).toBe(403);
		expect(await totpStatus(editor.id)).toBe('enrolled');
		const ok = await del(adminToken, editor.id, first!);
		expect(ok.status).toBe(200);
		// A recovery code is single use.
		expect(second).not.toBe(first);
		expect(await totpStatus(editor.id)).toBe('none');
	});
});
