import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as loginRoute from '~/pages/api/auth/login';
import * as registerRoute from '~/pages/api/auth/register';
import * as meRoute from '~/pages/api/me';
import { checkField, stripBidiControls } from '~/lib/auth-validation';
import { nameField } from '~/server/auth/schemas';
import { call, resetAuthWorld, setupAuthWorld, teardownAuthWorld } from './helpers';

// Issue 28/5: a display name with U+202E (right-to-left override) shows "Fan‮exe.gnp" as
// "Fanpng.exe" wherever it is printed, and other bidi controls can reorder what follows
// it on the page. They are removed from display names on register and profile update.
const PASSWORD = 'correct horse battery staple';
const BIDI = [
	'\u202A',
	'\u202B',
	'\u202C',
	'\u202D',
	'\u202E',
	'\u2066',
	'\u2067',
	'\u2068',
	'\u2069',
	'\u200E',
	'\u200F',
	'\u061C',
];

async function loginToken(): Promise<{ name: string; token: string }> {
	const r = await call(loginRoute.POST, { body: { email: 'fan@example.com', password: PASSWORD } });
	expect(r.status).toBe(200);
	const body = (await r.json()) as { data: { name: string; token: { access_token: string } } };
	return { name: body.data.name, token: body.data.token.access_token };
}

describe('display names without bidi controls (issue 28/5)', () => {
	beforeAll(() => setupAuthWorld());
	afterAll(teardownAuthWorld);
	beforeEach(resetAuthWorld);

	it('the schema (API and form posts) removes every bidi control', () => {
		for (const c of BIDI) expect(nameField.parse(`Fan${c}exe.gnp`)).toBe('Fanexe.gnp');
		expect(nameField.parse(` ${BIDI.join('')}Ana María `)).toBe('Ana María');
		// Nothing left but controls: no name at all.
		expect(nameField.safeParse(BIDI.join('')).success).toBe(false);
		// Letters of right-to-left scripts themselves are names like any other.
		expect(nameField.parse('مريم')).toBe('مريم');
		expect(stripBidiControls(`a${BIDI.join('')}b`)).toBe('ab');
		expect(checkField('name', '\u202E\u202E')).toBe('required');
	});

	it('register and PATCH /api/me store the name without them', async () => {
		const registered = await call(registerRoute.POST, {
			body: { email: 'fan@example.com', password: PASSWORD, name: 'Fan\u202Eexe.gnp' },
		});
		expect(registered.status).toBe(202);
		const { name, token } = await loginToken();
		expect(name).toBe('Fanexe.gnp');
		const patched = await call(meRoute.PATCH, {
			method: 'PATCH',
			headers: { authorization: `Bearer ${token}` },
			body: { name: '\u2067Boss\u2069\u200F' },
		});
		expect(patched.status).toBe(200);
		expect(((await patched.json()) as { data: { name: string } }).data.name).toBe('Boss');
		const empty = await call(meRoute.PATCH, {
			method: 'PATCH',
			headers: { authorization: `Bearer ${token}` },
			body: { name: '\u202E' },
		});
		expect(empty.status).toBe(400);
	});
});
