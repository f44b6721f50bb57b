import { afterEach, describe, expect, it } from 'vitest';
import {
	codeKind,
	hashRecoveryCode,
	newRecoveryCodes,
	newTotpSecret,
	normaliseRecoveryCode,
	openSecret,
	pendingToken,
	readPendingToken,
	sameHash,
	sealSecret,
	totpCode,
	totpStep,
	totpUri,
	verifyTotp,
} from '~/server/auth/totp';
import { resetAuthSecretForTests } from '~/server/auth/secret';
import { resetConfigForTests, settingsProblems } from '~/server/config';

// The RFC 6238 appendix B secret (ASCII "12345678901234567890") and its SHA-1 vectors.
const RFC_SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
const saved = { ...process.env };
afterEach(() => {
	process.env = { ...saved };
	resetConfigForTests();
	resetAuthSecretForTests();
});

describe('TOTP (RFC 6238)', () => {
	it('matches the RFC test vectors (6 digits)', () => {
		expect(totpCode(RFC_SECRET, 59_000)).toBe('287082');
		expect(totpCode(RFC_SECRET, 1_111_111_109_000)).toBe('081804');
		expect(totpCode(RFC_SECRET, 20_000_000_000_000)).toBe('353130');
	});

	it('accepts a code one step either side of now, not two', () => {
		const at = 1_700_000_015_000;
		const step = totpStep(at);
		expect(verifyTotp(RFC_SECRET, totpCode(RFC_SECRET, at), at)).toBe(step);
		expect(verifyTotp(RFC_SECRET, totpCode(RFC_SECRET, at - 30_000), at)).toBe(step - 1);
		expect(verifyTotp(RFC_SECRET, totpCode(RFC_SECRET, at + 30_000), at)).toBe(step + 1);
		expect(verifyTotp(RFC_SECRET, totpCode(RFC_SECRET, at - 60_000), at)).toBeNull();
		expect(verifyTotp(RFC_SECRET, totpCode(RFC_SECRET, at + 60_000), at)).toBeNull();
	});

	it('refuses a replay: a code for a step at or before the last used one', () => {
		const at = 1_700_000_015_000;
		const code = totpCode(RFC_SECRET, at);
		const step = verifyTotp(RFC_SECRET, code, at, 0);
		expect(step).not.toBeNull();
		expect(verifyTotp(RFC_SECRET, code, at, step!)).toBeNull();
		expect(verifyTotp(RFC_SECRET, code, at + 10_000, step!)).toBeNull();
		// The next step's code is still good.
		expect(verifyTotp(RFC_SECRET, totpCode(RFC_SECRET, at + 30_000), at + 30_000, step!)).toBe(
			step! + 1,
		);
	});

	it('refuses anything but six digits', () => {
		for (const bad of ['', '12345', '1234567', 'abcdef', '12 345', '１２３４５６'])
			expect(verifyTotp(RFC_SECRET, bad, 59_000)).toBeNull();
	});

	it('makes 160-bit secrets and an otpauth:// address naming the account', () => {
		const secret = newTotpSecret();
		expect(secret).toMatch(/^[A-Z2-7]{32}$/);
		expect(newTotpSecret()).not.toBe(secret);
		const uri = totpUri(secret, 'chief@example.com');
		expect(uri).toMatch(/^otpauth:\/\/totp\/Matchday:chief%40example\.com\?/);
		expect(uri).toContain(`secret=${secret}`);
		expect(uri).toContain('period=30');
		expect(uri).toContain('digits=6');
	});
});

describe('recovery codes', () => {
	it('ten distinct codes of two groups of five, without look-alike characters', () => {
		const codes = newRecoveryCodes();
		expect(codes).toHaveLength(10);
		expect(new Set(codes).size).toBe(10);
		for (const code of codes) expect(code).toMatch(/^[a-hjkmnp-z2-9]{5}-[a-hjkmnp-z2-9]{5}$/);
	});

	it('typed with any case, spaces or dashes, hash to the same value; others do not', () => {
		const [code] = newRecoveryCodes(1);
		const hash = hashRecoveryCode(code!);
		expect(hashRecoveryCode(code!.toUpperCase().replace('-', ' '))).toBe(hash);
		expect(sameHash(hashRecoveryCode(code!.replace('-', '')), hash)).toBe(true);
		expect(sameHash(hashRecoveryCode('aaaaa-aaaaa'), hash)).toBe(false);
		expect(sameHash('', '')).toBe(false);
		expect(hash).not.toContain(code!.replace('-', ''));
	});

	it('tells a TOTP code from a recovery code from junk', () => {
		expect(codeKind('123456')).toBe('totp');
		expect(codeKind(' 123 456 ')).toBe('totp');
		expect(codeKind('abcde-fghjk')).toBe('recovery');
		expect(normaliseRecoveryCode('ABCDE FGHJK')).toBe('abcdefghjk');
		expect(codeKind('abcde-fghj1')).toBeNull(); // 1 is not in the alphabet
		expect(codeKind('<script>')).toBeNull();
	});
});

describe('secrets at rest and the pending login', () => {
	it('seals a secret so only the same AUTH_SECRET opens it', () => {
		process.env.AUTH_SECRET = 'a'.repeat(40);
		resetConfigForTests();
		resetAuthSecretForTests();
		const sealed = sealSecret(RFC_SECRET);
		expect(sealed).not.toContain(RFC_SECRET);
		expect(sealSecret(RFC_SECRET)).not.toBe(sealed); // a fresh IV each time
		expect(openSecret(sealed)).toBe(RFC_SECRET);
		// One character of the ciphertext changed (its first: all six bits carry data, where
		// the last character's low bits are padding a decoder may ignore, which made an edit
		// there a no-op now and then).
		const at = sealed.lastIndexOf('.') + 1;
		const flipped = sealed[at] === 'A' ? 'B' : 'A';
		expect(openSecret(`${sealed.slice(0, at)}${flipped}${sealed.slice(at + 1)}`)).toBeNull();
		process.env.AUTH_SECRET = 'b'.repeat(40);
		resetConfigForTests();
		resetAuthSecretForTests();
		expect(openSecret(sealed)).toBeNull();
	});

	it('a pending login token is signed, bound to the user and expires after 5 minutes', () => {
		process.env.AUTH_SECRET = 'a'.repeat(40);
		resetConfigForTests();
		resetAuthSecretForTests();
		const at = 1_700_000_000_000;
		const token = pendingToken('u-1', 3, at);
		expect(readPendingToken(token, at + 1000)).toEqual({ userId: 'u-1', version: 3 });
		expect(readPendingToken(token, at + 5 * 60_000 + 1)).toBeNull();
		expect(readPendingToken(token.replace('u-1', 'u-2'), at)).toBeNull();
		expect(readPendingToken(token.replace('.3.', '.4.'), at)).toBeNull();
		expect(readPendingToken(undefined, at)).toBeNull();
		expect(readPendingToken('x'.repeat(500), at)).toBeNull();
	});
});

describe('console settings', () => {
	it('a bad CMS_REQUIRE_TOTP or CMS_IDLE_MINUTES stops the start, naming the setting', () => {
		expect(settingsProblems({ CMS_REQUIRE_TOTP: 'yes' })).toEqual([
			'CMS_REQUIRE_TOTP: CMS_REQUIRE_TOTP must be 0 or 1',
		]);
		expect(settingsProblems({ CMS_IDLE_MINUTES: '0' })[0]).toMatch(/^CMS_IDLE_MINUTES: /);
		expect(settingsProblems({ CMS_IDLE_MINUTES: '2.5' })[0]).toMatch(/^CMS_IDLE_MINUTES: /);
		expect(settingsProblems({ CMS_SESSION_HOURS: '1000' })[0]).toMatch(/^CMS_SESSION_HOURS: /);
		expect(settingsProblems({ CMS_REQUIRE_TOTP: '1', CMS_IDLE_MINUTES: '15' })).toEqual([]);
	});
});
