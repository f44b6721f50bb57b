import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as cmsLoginRoute from '~/pages/api/auth/cms/login';
import * as peopleRoute from '~/pages/api/cms/people/index';
import { now, setClockForTests } from '~/server/clock';
import { resetConfigForTests } from '~/server/config';
import { addStaff } from '~/server/cms/staff';
import { readAudit } from '~/server/cms/audit';
import {
	beginEnrolment,
	confirmEnrolment,
	totpStatus,
	verifySecondFactor,
} from '~/server/auth/second-factor';
import { loginWithCode } from '~/server/auth/second-step';
import { totpCode } from '~/server/auth/totp';
import {
	call,
	count,
	db,
	resetAuthWorld,
	setupAuthWorld,
	teardownAuthWorld,
} from '../auth/helpers';

const PASSWORD = 'correct horse battery staple';
const EMAIL = 'chief@example.com';

async function admin() {
	const added = await addStaff({ email: EMAIL, role: 'admin', password: PASSWORD });
	if (!added.ok) throw new Error('staff');
	return { id: added.member.id, email: added.member.email };
}

function login(body: Record<string, string>) {
	return call(cmsLoginRoute.POST, { body: { email: EMAIL, password: PASSWORD, ...body } });
}

/** Enrols the admin through the server functions the console page uses; the secret as shown. */
async function enrol(user: { id: string; email: string }) {
	const shown = await beginEnrolment(user);
	if (!shown) throw new Error('already enrolled');
	// A moment in an earlier step, so the login's code (now) is a later one.
	const confirmed = await confirmEnrolment(
		user,
		totpCode(shown.secret, now() - 30_000),
		'198.51.100.1',
	);
	return { secret: shown.secret, shown, confirmed };
}

describe('two-step verification for staff (TOTP)', () => {
	beforeAll(() => setupAuthWorld({ REDIS_URL: '', CMS_REQUIRE_TOTP: '0' }));
	afterAll(teardownAuthWorld);
	beforeEach(async () => {
		await resetAuthWorld();
		await db().exec('TRUNCATE cms_audit');
		process.env.CMS_REQUIRE_TOTP = '0';
		resetConfigForTests();
	});

	it('enrolment: QR code and secret, confirmed with a code; 10 recovery codes stored hashed; audited', async () => {
		const user = await admin();
		const { shown, confirmed, secret } = await enrol(user);
		expect(shown.qr).toMatch(/^data:image\/svg\+xml;base64,/);
		expect(Buffer.from(shown.qr.split(',')[1]!, 'base64').toString()).toContain('<svg');
		expect(shown.uri).toContain(`secret=${secret}`);
		expect(confirmed.ok).toBe(true);
		if (!confirmed.ok) return;
		expect(confirmed.recoveryCodes).toHaveLength(10);
		expect(await totpStatus(user.id)).toBe('enrolled');
		// Never shown again once confirmed; stored sealed, codes only as hashes.
		expect(await beginEnrolment(user)).toBeNull();
		const stored = JSON.stringify(
			await db().db.execute(
				'SELECT secret_sealed, code_hash FROM cms_totp, cms_recovery_codes' as never,
			),
		);
		expect(stored).not.toContain(secret);
		for (const code of confirmed.recoveryCodes) expect(stored).not.toContain(code);
		expect(await count('cms_recovery_codes')).toBe(10);
		const [row] = (await readAudit({ target: `user:${EMAIL}` })).filter((r) =>
			r.action.startsWith('totp.'),
		);
		expect(row).toMatchObject({ action: 'totp.enrol', actorEmail: EMAIL });
	});

	it('a wrong confirming code enrols nothing', async () => {
		const user = await admin();
		await beginEnrolment(user);
		expect(await confirmEnrolment(user, '000000', '198.51.100.1')).toMatchObject({
			ok: false,
			error: 'invalid_code',
		});
		expect(await totpStatus(user.id)).toBe('pending');
	});

	it('once enrolled, the API login needs the code; a used code cannot be replayed', async () => {
		const user = await admin();
		const { secret } = await enrol(user);
		const without = await login({});
		expect(without.status).toBe(401);
		expect(((await without.json()) as { error: string }).error).toBe('code_required');
		const wrong = await login({ code: '123456' === totpCode(secret, now()) ? '654321' : '123456' });
		expect(((await wrong.json()) as { error: string }).error).toBe('invalid_code');
		const code = totpCode(secret, now());
		const right = await login({ code });
		expect(right.status).toBe(200);
		const token = ((await right.json()) as { data: { token: { access_token: string } } }).data.token
			.access_token;
		expect(token.length).toBeGreaterThan(20);
		const replay = await login({ code });
		expect(replay.status).toBe(401);
		expect(((await replay.json()) as { error: string }).error).toBe('invalid_code');
	});

	it('wrong codes are rate-limited: after 5 even the right code is refused (429)', async () => {
		const user = await admin();
		const { secret } = await enrol(user);
		const first = await login({});
		expect(first.status).toBe(401);
		// The browser's code step (no password again): a pending token from the password step.
		const { pendingToken } = await import('~/server/auth/totp');
		const pending = pendingToken(user.id, 0, now());
		const answers: string[] = [];
		for (let i = 0; i < 5; i++) {
			const r = await loginWithCode(pending, `00000${i}`, { ip: '198.51.100.2' });
			answers.push(r.ok ? 'ok' : r.error);
		}
		expect(answers).toEqual(Array(5).fill('invalid_code'));
		const blocked = await loginWithCode(pending, totpCode(secret, now()), { ip: '198.51.100.2' });
		expect(blocked).toMatchObject({ ok: false, error: 'rate_limited' });
		// And through the API the same per-user limit answers 429.
		const api = await call(cmsLoginRoute.POST, {
			body: { email: EMAIL, password: PASSWORD, code: totpCode(secret, now()) },
			clientAddress: '198.51.100.3',
		});
		expect(api.status).toBe(429);
	});

	it('a recovery code logs in once, and its use is audited', async () => {
		const user = await admin();
		const { confirmed } = await enrol(user);
		if (!confirmed.ok) throw new Error('enrol');
		const code = confirmed.recoveryCodes[3]!;
		const once = await login({ code: code.toUpperCase() });
		expect(once.status).toBe(200);
		const twice = await login({ code });
		expect(twice.status).toBe(401);
		expect(await verifySecondFactor(user, code, '198.51.100.4')).toMatchObject({ ok: false });
		const actions = (await readAudit({ target: `user:${EMAIL}` }))
			.map((r) => r.action)
			.filter((a) => a.startsWith('totp.'));
		expect(actions).toEqual(['totp.recovery_used', 'totp.enrol']);
	});

	it('CMS_REQUIRE_TOTP=1: a staff member without a secret must enrol before any session opens', async () => {
		process.env.CMS_REQUIRE_TOTP = '1';
		resetConfigForTests();
		await admin();
		const r = await login({});
		expect(r.status).toBe(401);
		expect(((await r.json()) as { error: string }).error).toBe('enrolment_required');
		expect(await count('auth_sessions')).toBe(0);
	});
});

describe('staff sessions: shorter, and ended by idleness (CMS_IDLE_MINUTES)', () => {
	beforeAll(() =>
		setupAuthWorld({
			REDIS_URL: '',
			CMS_REQUIRE_TOTP: '0',
			CMS_IDLE_MINUTES: '30',
			CMS_SESSION_HOURS: '12',
		}),
	);
	afterAll(teardownAuthWorld);
	beforeEach(resetAuthWorld);

	it('a console session lasts 12 hours at most and ends after 30 idle minutes', async () => {
		await admin();
		const r = await login({});
		expect(r.status).toBe(200);
		const body = (await r.json()) as {
			data: { token: { access_token: string; refresh_expires_at: number } };
		};
		expect(body.data.token.refresh_expires_at - now()).toBeLessThanOrEqual(12 * 3600_000);
		expect(body.data.token.refresh_expires_at - now()).toBeGreaterThan(11 * 3600_000);
		const headers = { authorization: `Bearer ${body.data.token.access_token}` };
		const list = () => call(peopleRoute.GET, { method: 'GET', path: '/api/cms/people', headers });
		const start = now();
		expect((await list()).status).toBe(200);
		// 20 minutes later: still alive, and that request counts as use.
		setClockForTests(() => start + 20 * 60_000);
		expect((await list()).status).toBe(200);
		// 45 minutes after the start but only 25 after the last request: alive.
		setClockForTests(() => start + 45 * 60_000);
		expect((await list()).status).toBe(200);
		// 31 idle minutes: ended, for good.
		setClockForTests(() => start + 76 * 60_000);
		expect((await list()).status).toBe(401);
		setClockForTests(() => start + 77 * 60_000);
		expect((await list()).status).toBe(401);
	});
});

describe('the console login page with two-step verification (form posts)', () => {
	beforeAll(() => setupAuthWorld({ REDIS_URL: '', CMS_REQUIRE_TOTP: '0' }));
	afterAll(teardownAuthWorld);
	beforeEach(async () => {
		await resetAuthWorld();
		process.env.CMS_REQUIRE_TOTP = '0';
		resetConfigForTests();
	});

	const ctx = { locale: 'en' as const, clientAddress: '198.51.100.9', web: null, cms: null };
	function post(path: string, fields: Record<string, string>, cookie = '') {
		return new Request(`http://matchday.test${path}`, {
			method: 'POST',
			headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
			body: new URLSearchParams(fields).toString(),
		});
	}
	const cookiesOf = (r: Response) =>
		r.headers
			.getSetCookie()
			.map((c) => c.split(';')[0])
			.join('; ');

	it('password, then the code step carried by a signed cookie (never the password)', async () => {
		const { answerForm } = await import('~/server/auth/forms');
		const user = await admin();
		const { secret } = await enrol(user);
		const first = await answerForm(
			'cms-login',
			post('/en/cms/login', { email: EMAIL, password: PASSWORD }),
			ctx,
		);
		expect(first.headers.get('location')).toBe('/en/cms/login?step=code');
		const pending = cookiesOf(first);
		expect(pending).toMatch(/^auth\._pending\.cms=/);
		expect(pending).not.toContain(PASSWORD);
		expect(await count('auth_sessions')).toBe(0);
		const wrong = await answerForm(
			'cms-code',
			post('/en/cms/login?step=code', { code: '12345x' }, pending),
			ctx,
		);
		expect(wrong.headers.get('location')).toBe('/en/cms/login?step=code&error=invalid_code');
		const right = await answerForm(
			'cms-code',
			post('/en/cms/login?step=code', { code: totpCode(secret, now()) }, pending),
			ctx,
		);
		expect(right.headers.get('location')).toBe('/en/cms');
		expect(cookiesOf(right)).toContain('auth._token.cms=');
		// Without the pending cookie the code step starts again from the password.
		const lost = await answerForm(
			'cms-code',
			post('/en/cms/login?step=code', { code: '123456' }),
			ctx,
		);
		expect(lost.headers.get('location')).toBe('/en/cms/login?error=invalid_credentials');
	});

	it('CMS_REQUIRE_TOTP=1: the enrol step shows the QR code, confirms, opens the session, shows codes once', async () => {
		process.env.CMS_REQUIRE_TOTP = '1';
		resetConfigForTests();
		const { answerForm } = await import('~/server/auth/forms');
		const { enrolStep } = await import('~/server/auth/cms-login-page');
		await admin();
		const first = await answerForm(
			'cms-login',
			post('/en/cms/login', { email: EMAIL, password: PASSWORD }),
			ctx,
		);
		expect(first.headers.get('location')).toBe('/en/cms/login?step=enrol');
		const pending = cookiesOf(first);
		const shown = await enrolStep(
			new Request('http://matchday.test/en/cms/login?step=enrol', { headers: { cookie: pending } }),
			'198.51.100.9',
			'en',
		);
		if (shown.state !== 'enrol') throw new Error(shown.state);
		expect(shown.enrolment.qr).toMatch(/^data:image\/svg\+xml;base64,/);
		const done = await enrolStep(
			post('/en/cms/login?step=enrol', { code: totpCode(shown.enrolment.secret, now()) }, pending),
			'198.51.100.9',
			'en',
		);
		if (done.state !== 'done') throw new Error(done.state);
		expect(done.recoveryCodes).toHaveLength(10);
		expect(done.next).toBe('/en/cms');
		expect(done.cookies.join()).toContain('auth._token.cms=');
		expect(await count('auth_sessions')).toBe(1);
		// Without a pending login there is nothing to enrol.
		const stranger = await enrolStep(
			new Request('http://matchday.test/en/cms/login?step=enrol'),
			'198.51.100.9',
			'en',
		);
		expect(stranger.state).toBe('expired');
	});
});
