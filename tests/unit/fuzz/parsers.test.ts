import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '~/i18n/locales';
import {
	localeFromAcceptLanguage,
	localeFromPath,
	pathForLocale,
	resolveLocale,
	stripLocale,
} from '~/lib/locale-resolution';
import { safeRedirect } from '~/lib/safe-redirect';
import { clientIp } from '~/server/auth/client-ip';
import { emailField } from '~/server/auth/email';
import { nameField } from '~/server/auth/schemas';
import { etagMatches } from '~/server/football/api/http';
import {
	dateParam,
	idOrSlugParam,
	idParam,
	param,
	seasonParam,
	statusParam,
	timeZoneParam,
} from '~/server/football/api/params';
import { parseLastEventId, parseMatchIds } from '~/server/live/sse';
import {
	signatureHeader,
	verifySignature,
	WebhookSignatureError,
} from '~/server/payments/signature';

/**
 * Finding 23: property-based tests of every parser and validator that reads request input.
 * A fixed seed keeps a failure reproducible; the run counts keep the suite fast.
 */
const RUNS = { numRuns: 500, seed: 2311 };

/** Any string, including astral characters, lone surrogates, NUL and other controls. */
const anyText = fc.oneof(
	fc.string({ unit: 'binary', maxLength: 200 }),
	fc.string({ unit: 'grapheme', maxLength: 60 }),
	fc.string({ maxLength: 200 }),
);
const anyLocale = fc.constantFrom(...LOCALES);
/** Path-ish strings made of the characters that matter to routers and redirects. */
const pathish = fc
	.array(
		fc.constantFrom(
			'/',
			'//',
			'\\',
			'.',
			'..',
			'%2F',
			'%5C',
			'%09',
			'%0a',
			'%00',
			'?',
			'#',
			'@',
			':',
			'a',
			'evil.com',
			'en',
			'login',
			'\t',
			'\n',
			' ',
			'。',
			'／',
			'\u0000',
		),
		{ maxLength: 12 },
	)
	.map((parts) => parts.join(''));

describe('finding 23: locale resolution', () => {
	it('finding 23: resolveLocale always answers one of our locales, never throws', () => {
		fc.assert(
			fc.property(
				fc.oneof(anyText, pathish),
				fc.option(anyText, { nil: undefined }),
				fc.option(anyText, { nil: undefined }),
				(pathname, cookie, acceptLanguage) => {
					expect(LOCALES).toContain(resolveLocale({ pathname, cookie, acceptLanguage }));
				},
			),
			RUNS,
		);
	});

	it('finding 23: Accept-Language parsing returns undefined or a locale; a sole valid tag wins', () => {
		fc.assert(
			fc.property(anyText, (header) => {
				const found = localeFromAcceptLanguage(header);
				expect(found === undefined || (LOCALES as readonly string[]).includes(found)).toBe(true);
			}),
			RUNS,
		);
		fc.assert(
			fc.property(anyLocale, fc.constantFrom('', '-XX', '-419'), (locale, region) => {
				expect(localeFromAcceptLanguage(`${locale}${region};q=0.5, *;q=0.1`)).toBe(locale);
			}),
			RUNS,
		);
	});

	it('finding 23: a path moved into a locale carries that locale, and stripping it goes back', () => {
		const segment = fc
			.stringMatching(/^[a-z0-9-]{1,12}$/)
			.filter((s) => !LOCALES.includes(s as never));
		fc.assert(
			fc.property(fc.array(segment, { maxLength: 4 }), anyLocale, (segments, locale) => {
				const path = `/${segments.join('/')}`;
				const moved = pathForLocale(path, locale);
				expect(localeFromPath(moved)).toBe(locale);
				expect(stripLocale(moved)).toBe(path);
			}),
			RUNS,
		);
	});
});

describe('finding 23: safe redirect', () => {
	const base = 'http://same.invalid';
	it('finding 23: any value gives the fallback or a same-site path that stays on the site', () => {
		fc.assert(
			fc.property(
				fc.oneof(
					anyText,
					pathish,
					pathish.map((p) => `/${p}`),
				),
				(target) => {
					const result = safeRedirect(target, '/');
					if (result === '/') return;
					expect(result).toBe(target);
					expect(result.startsWith('/')).toBe(true);
					expect(result.startsWith('//')).toBe(false);
					expect(result).not.toMatch(/[\\\u0000-\u001f\u007f\s]/);
					const resolved = new URL(result, base);
					expect(resolved.origin).toBe(base);
					expect(resolved.pathname.startsWith('//')).toBe(false);
					// What a browser does with a Location header: still our origin.
					expect(new URL(resolved.href).origin).toBe(base);
					// Finding 7: what comes back is always a valid header value.
					expect(() => new Headers({ Location: result })).not.toThrow();
				},
			),
			RUNS,
		);
	});

	it('finding 23: plain same-site deep links survive unchanged', () => {
		const segment = fc.stringMatching(/^[a-z0-9_-]{1,10}$/).filter((s) => s !== 'login');
		fc.assert(
			fc.property(
				anyLocale,
				fc.array(segment, { minLength: 1, maxLength: 4 }),
				fc.option(fc.stringMatching(/^[a-z]{1,5}=[a-z0-9]{1,5}$/), { nil: undefined }),
				(locale, segments, query) => {
					const target = `/${locale}/${segments.join('/')}${query ? `?${query}` : ''}`;
					expect(safeRedirect(target, '/')).toBe(target);
				},
			),
			RUNS,
		);
	});
});

describe('finding 23: API parameters', () => {
	const schemas = {
		id: idParam,
		competition: idOrSlugParam,
		date: dateParam,
		season: seasonParam,
		status: statusParam,
		tz: timeZoneParam,
	} as const;

	it('finding 23: every parameter parser answers ok or names the parameter, never throws', () => {
		fc.assert(
			fc.property(
				fc.constantFrom(...(Object.keys(schemas) as (keyof typeof schemas)[])),
				fc.oneof(anyText, fc.stringMatching(/^\d{1,25}$/), pathish),
				(name, raw) => {
					const result = param(name, raw, schemas[name] as never);
					if (!result.ok) {
						expect(result.param).toBe(name);
						expect(result.message.length).toBeGreaterThan(0);
					}
				},
			),
			RUNS,
		);
	});

	it('finding 23: an accepted id fits the integer column; an accepted date is a real date', () => {
		fc.assert(
			fc.property(fc.oneof(fc.stringMatching(/^\d{1,25}$/), anyText), (raw) => {
				const id = param('id', raw, idParam);
				if (id.ok && id.value !== undefined) {
					expect(Number.isSafeInteger(id.value)).toBe(true);
					expect(id.value).toBeGreaterThanOrEqual(1);
					expect(id.value).toBeLessThanOrEqual(2_147_483_647);
				}
			}),
			RUNS,
		);
		fc.assert(
			fc.property(
				fc.date({ min: new Date('1900-01-01'), max: new Date('2100-12-31'), noInvalidDate: true }),
				(d) => {
					const text = d.toISOString().slice(0, 10);
					expect(param('date', text, dateParam)).toEqual({ ok: true, value: text });
				},
			),
			RUNS,
		);
	});

	it('finding 23: ETag comparison never throws and matches its own tag', () => {
		fc.assert(
			fc.property(anyText, fc.stringMatching(/^[a-z0-9]{1,20}$/), (header, tag) => {
				etagMatches(header, `W/"${tag}"`);
				expect(etagMatches(`"${tag}"`, `W/"${tag}"`)).toBe(true);
			}),
			RUNS,
		);
	});
});

describe('finding 23: account fields and client address', () => {
	it('finding 23: names and e-mail addresses parse or fail cleanly; what passes is clean', () => {
		fc.assert(
			fc.property(anyText, (raw) => {
				const name = nameField.safeParse(raw);
				if (name.success) {
					expect(name.data.length).toBeGreaterThan(0);
					expect(name.data.length).toBeLessThanOrEqual(80);
					expect(name.data).not.toMatch(/[\u0000-\u001f\u007f]/);
				}
				const email = emailField.safeParse(raw);
				if (email.success) {
					expect(email.data).toBe(email.data.trim().toLowerCase());
					expect(email.data).not.toMatch(/[\u0000-\u001f\u007f\s]/);
				}
			}),
			RUNS,
		);
	});

	it('finding 23: without trusted proxies X-Forwarded-For never changes the client address', () => {
		fc.assert(
			fc.property(
				fc.oneof(fc.ipV4(), fc.ipV6()),
				fc.option(
					fc.oneof(
						anyText,
						fc.array(fc.ipV4()).map((a) => a.join(', ')),
					),
					{
						nil: null,
					},
				),
				(peer, xff) => {
					expect(clientIp(peer, xff, new Set())).toBe(clientIp(peer, null, new Set()));
				},
			),
			RUNS,
		);
	});
});

describe('finding 23: webhook signature', () => {
	const secret = fc.string({ minLength: 16, maxLength: 64 });
	const now = fc.integer({ min: 1_000_000_000, max: 4_000_000_000 });

	it('finding 23: a header we signed verifies; any other body fails with a signature error', () => {
		fc.assert(
			fc.property(anyText, anyText, secret, now, (body, other, key, t) => {
				const header = signatureHeader(body, key, t);
				verifySignature(body, header, key, t);
				fc.pre(other !== body);
				expect(() => verifySignature(other, header, key, t)).toThrow(WebhookSignatureError);
			}),
			RUNS,
		);
	});

	it('finding 23: arbitrary headers only ever raise WebhookSignatureError', () => {
		const headerish = fc.oneof(
			anyText,
			fc
				.array(
					fc.oneof(
						fc.nat().map((n) => `t=${n}`),
						fc
							.string({ unit: fc.constantFrom(...'0123456789abcdef'), maxLength: 70 })
							.map((h) => `v1=${h}`),
						anyText,
					),
					{ maxLength: 6 },
				)
				.map((parts) => parts.join(',')),
		);
		fc.assert(
			fc.property(
				anyText,
				fc.option(headerish, { nil: null }),
				secret,
				now,
				(body, header, key, t) => {
					try {
						verifySignature(body, header, key, t);
						throw new Error('an unsigned header verified');
					} catch (error) {
						expect(error).toBeInstanceOf(WebhookSignatureError);
					}
				},
			),
			RUNS,
		);
	});

	it('finding 23: a signature older or newer than the tolerance is refused as such', () => {
		fc.assert(
			fc.property(
				anyText,
				secret,
				now,
				fc.integer({ min: 301, max: 10_000_000 }),
				fc.boolean(),
				(body, key, t, skew, future) => {
					const header = signatureHeader(body, key, future ? t + skew : t - skew);
					expect(() => verifySignature(body, header, key, t)).toThrow(
						'timestamp_outside_tolerance',
					);
				},
			),
			RUNS,
		);
	});
});

describe('finding 23: Last-Event-ID and the live stream query', () => {
	it('finding 23: any Last-Event-ID is null or a safe non-negative integer', () => {
		fc.assert(
			fc.property(fc.oneof(anyText, fc.stringMatching(/^\s*-?\d{0,25}\s*$/)), (raw) => {
				const id = parseLastEventId(raw);
				if (id !== null) {
					expect(Number.isSafeInteger(id)).toBe(true);
					expect(id).toBeGreaterThanOrEqual(0);
				}
			}),
			RUNS,
		);
	});

	it('finding 23: ids the server sent come back as themselves', () => {
		fc.assert(
			fc.property(
				fc.integer({ min: 0, max: 999_999_999_999_999 }),
				fc.constantFrom('', ' ', '\t'),
				(n, pad) => {
					expect(parseLastEventId(`${pad}${n}${pad}`)).toBe(n);
				},
			),
			RUNS,
		);
	});

	it('finding 23: ?matches= gives null or at most 50 distinct short numeric ids', () => {
		fc.assert(
			fc.property(
				fc.oneof(
					anyText,
					fc
						.array(fc.oneof(fc.nat().map(String), anyText), { maxLength: 80 })
						.map((a) => a.join(',')),
				),
				(raw) => {
					const ids = parseMatchIds(raw);
					if (ids === null) return;
					expect(ids.length).toBeLessThanOrEqual(50);
					expect(new Set(ids).size).toBe(ids.length);
					for (const id of ids) expect(id).toMatch(/^\d{1,9}$/);
				},
			),
			RUNS,
		);
	});
});
