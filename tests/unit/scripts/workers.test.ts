import { describe, expect, it } from 'vitest';
import { WorkerPlanError, workerPlan } from '../../../scripts/workers.mjs';

const shared = {
	DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/site',
	REDIS_URL: 'redis://127.0.0.1:6379',
};

describe('WEB_CONCURRENCY: how many server processes npm start runs', () => {
	it('one per core on PostgreSQL and Redis, or the number asked for', () => {
		expect(workerPlan(shared, 4)).toEqual({ workers: 4, note: null });
		expect(workerPlan({ ...shared, WEB_CONCURRENCY: '2' }, 8)).toEqual({ workers: 2, note: null });
		expect(workerPlan({ ...shared, WEB_CONCURRENCY: ' 1 ' }, 8)).toEqual({
			workers: 1,
			note: null,
		});
		expect(
			workerPlan({ ...shared, DATABASE_URL: 'postgresql://db/site', WEB_CONCURRENCY: '3' }, 2)
				.workers,
		).toBe(3);
	});

	it('one process on the embedded database or without Redis, saying why', () => {
		for (const env of [
			{},
			{ DATABASE_URL: '.data/pglite', REDIS_URL: 'redis://127.0.0.1:6379' },
			{ DATABASE_URL: 'memory://' },
			{ DATABASE_URL: shared.DATABASE_URL },
		]) {
			const plan = workerPlan({ ...env, WEB_CONCURRENCY: '4' }, 2);
			expect(plan.workers).toBe(1);
			expect(plan.note).toMatch(/embedded database lives inside one process/);
			expect(plan.note).toMatch(/DATABASE_URL.*REDIS_URL/);
		}
		// Nothing to explain on one core.
		expect(workerPlan({}, 1)).toEqual({ workers: 1, note: null });
	});

	it('refuses a value that is not a number of processes, naming the setting', () => {
		for (const bad of ['0', '-1', 'two', '1.5', '257', '1e3', '99999']) {
			expect(() => workerPlan({ ...shared, WEB_CONCURRENCY: bad }, 2)).toThrow(WorkerPlanError);
			expect(() => workerPlan({ WEB_CONCURRENCY: bad }, 2)).toThrow(/WEB_CONCURRENCY/);
		}
		// Unset or empty: the default.
		expect(workerPlan({ ...shared, WEB_CONCURRENCY: '' }, 2).workers).toBe(2);
	});
});
