import { describe, expect, it } from 'vitest';
import { isDbDate, MAX_DB_ID, nulField, parseDbId } from '~/lib/input';
import { dbDate, dbId, text } from '~/lib/input-schema';

// Issue 11, findings 5 and 6: the shared parsers every boundary uses.
describe('input parsers', () => {
	it('finding 5: text() refuses a NUL byte, naming the problem', () => {
		const schema = text(20);
		expect(schema.safeParse('ok').success).toBe(true);
		const bad = schema.safeParse('a\u0000b');
		expect(bad.success).toBe(false);
		expect(bad.error?.issues[0]?.message).toContain('NUL');
		expect(schema.safeParse('x'.repeat(21)).success).toBe(false);
	});

	it('finding 5: nulField finds the first field holding a NUL, at any depth', () => {
		expect(nulField({ email: 'a@b.c', password: 'x' })).toBeNull();
		expect(nulField({ email: 'a\u0000@b.c' })).toBe('email');
		expect(nulField({ items: [{ name: 'ok' }, { name: 'n\u0000' }] })).toBe('items.1.name');
		expect(nulField({ 'k\u0000': 'v' })).toBe('k\u0000');
		expect(nulField('x\u0000')).toBe('(body)');
		expect(nulField(42)).toBeNull();
		expect(nulField(null)).toBeNull();
	});

	it('finding 6: ids must fit an integer column', () => {
		expect(parseDbId('1')).toBe(1);
		expect(parseDbId(String(MAX_DB_ID))).toBe(MAX_DB_ID);
		for (const bad of [
			'2147483648',
			'99999999999999999999',
			'0',
			'01',
			'-1',
			'1e3',
			' 1',
			'',
			null,
		]) {
			expect(parseDbId(bad), String(bad)).toBeNull();
		}
		expect(dbId.safeParse('42').data).toBe(42);
		expect(dbId.safeParse('99999999999999999999').success).toBe(false);
	});

	it('finding 6: dates must be real days between 1900 and 2100', () => {
		expect(isDbDate('2024-02-29')).toBe(true);
		for (const bad of [
			'9999-12-31',
			'0000-01-01',
			'1899-12-31',
			'2101-01-01',
			'2023-02-29',
			'2024-1-1',
		]) {
			expect(isDbDate(bad), bad).toBe(false);
			expect(dbDate.safeParse(bad).success, bad).toBe(false);
		}
	});
});
