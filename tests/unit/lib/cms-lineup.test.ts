import { describe, expect, it } from 'vitest';
import { FORMATIONS, formationSlots } from '~/lib/cms/formations';
import { fieldProblems, lineupBody } from '~/lib/cms/lineup';
import { can } from '~/lib/cms/roles';
import { auditFilter, parseAuditQuery } from '~/server/cms/audit';
import { streamRef } from '~/server/cms/streams';
import { formationLines, lineOf } from '~/server/views/match-lineups';

const eleven = (prefix = 'P') =>
	Array.from({ length: 11 }, (_, i) => ({ name: `${prefix} ${i + 1}`, shirtNumber: i + 1 }));

const problems = (value: unknown) => {
	const r = lineupBody.safeParse(value);
	return r.success ? [] : fieldProblems(r.error.issues);
};

describe('formations', () => {
	it('every formation has eleven slots, one keeper, and reads back as itself on the match centre', () => {
		for (const f of FORMATIONS) {
			const slots = formationSlots(f);
			expect(slots, f).toHaveLength(11);
			expect(
				slots.filter((s) => s.code === 'GK'),
				f,
			).toHaveLength(1);
			expect(new Set(slots.map((s) => s.id)).size, f).toBe(11);
			for (const s of slots) {
				expect(lineOf(s.code), `${f} ${s.code}`).not.toBeNull();
				expect(s.x).toBeGreaterThan(0);
				expect(s.x).toBeLessThan(100);
			}
			// The public page's reading of the stored positions gives the chosen formation back.
			const entries = slots.map((s, i) => ({
				teamId: 1,
				player: `P${i}`,
				shirtNumber: i + 1,
				position: s.code,
				starter: true,
			}));
			const lines = formationLines(entries);
			expect(
				lines
					?.slice(1)
					.map((l) => l.length)
					.join('-'),
			).toBe(f);
		}
	});
});

describe('line-up body', () => {
	it('accepts eleven starters, a bench and a listed formation', () => {
		expect(
			problems({
				home: { formation: '4-3-3', starters: eleven(), bench: [{ name: 'Sub', shirtNumber: 12 }] },
			}),
		).toEqual([]);
	});

	it('names the side and field: not eleven starters', () => {
		const p = problems({ away: { formation: '4-4-2', starters: eleven().slice(0, 10) } });
		expect(p.map((x) => x.field)).toEqual(['away.starters']);
		expect(p[0]?.message).toMatch(/11/);
	});

	it('refuses a formation outside the list', () => {
		const p = problems({ home: { formation: '2-3-5', starters: eleven() } });
		expect(p.map((x) => x.field)).toEqual(['home.formation']);
		expect(problems({ home: { formation: '4-4-2 ', starters: eleven() } })).not.toEqual([]);
	});

	it('refuses a player twice, among the starters or between starters and bench (case and spaces ignored)', () => {
		const starters = eleven();
		starters[5] = { name: ' p 1', shirtNumber: 6 };
		expect(problems({ home: { formation: '4-4-2', starters } }).map((x) => x.field)).toEqual([
			'home.starters.5.name',
		]);
		const p = problems({
			home: { formation: '4-4-2', starters: eleven(), bench: [{ name: 'P 3' }] },
		});
		expect(p.map((x) => x.field)).toEqual(['home.bench.0.name']);
		expect(p[0]?.message).toMatch(/P 3 is named twice/);
	});

	it('refuses an empty body, empty names, bad shirt numbers and unknown fields', () => {
		expect(problems({}).map((x) => x.field)).toEqual(['home']);
		const blank = eleven();
		blank[0] = { name: '  ', shirtNumber: 1 };
		expect(problems({ home: { formation: '4-4-2', starters: blank } })[0]?.field).toBe(
			'home.starters.0.name',
		);
		const shirt = eleven();
		shirt[2] = { name: 'X', shirtNumber: 100 };
		expect(problems({ home: { formation: '4-4-2', starters: shirt } })[0]?.field).toBe(
			'home.starters.2.shirtNumber',
		);
		expect(problems({ home: { formation: '4-4-2', starters: eleven(), extra: 1 } })).not.toEqual(
			[],
		);
		expect(
			problems({
				home: { formation: '4-4-2', starters: eleven(), bench: eleven('B').concat(eleven('C')) },
			})[0]?.field,
		).toBe('home.bench');
	});
});

describe('role rules of line-ups, streams and the audit log', () => {
	it('editors and admins publish line-ups and edit streams; only admins read the audit log; scorers none', () => {
		expect(can(['user', 'editor'], 'lineup.publish')).toBe(true);
		expect(can(['user', 'editor'], 'streams.edit')).toBe(true);
		expect(can(['user', 'editor'], 'audit.read')).toBe(false);
		expect(can(['user', 'admin'], 'audit.read')).toBe(true);
		expect(can(['user', 'admin'], 'lineup.publish')).toBe(true);
		for (const a of ['lineup.publish', 'streams.edit', 'audit.read'] as const) {
			expect(can(['user', 'scorer'], a)).toBe(false);
			expect(can(['user'], a)).toBe(false);
		}
	});
});

describe('stream and audit filters', () => {
	it('a stream id is the catalogue slug form', () => {
		expect(streamRef.safeParse({ streamId: 'demo-live' }).success).toBe(true);
		for (const bad of ['', 'Demo', '-x', 'a/b', 'x'.repeat(64), "x' OR 1=1"])
			expect(streamRef.safeParse({ streamId: bad }).success, bad).toBe(false);
	});

	it('audit query: empty means any, e-mail lowercased, a bad action or page is refused by name', () => {
		const q = parseAuditQuery(new URLSearchParams('actor=Ed@Example.com&action=&target=match:3'));
		expect(q).toEqual({ ok: true, filter: { actor: 'ed@example.com', target: 'match:3' } });
		const bad = parseAuditQuery(new URLSearchParams('action=match%25&before=-1'));
		expect(bad.ok).toBe(false);
		if (!bad.ok) expect(bad.issues.map((i) => i.path[0]).sort()).toEqual(['action', 'before']);
		expect(auditFilter.safeParse({ before: '12' }).data).toEqual({ before: 12 });
	});
});
