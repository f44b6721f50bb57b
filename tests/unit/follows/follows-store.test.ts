import { beforeEach, describe, expect, it } from 'vitest';
import {
	$follows,
	configureFollows,
	GUEST_KEY,
	loadFollows,
	remove,
	toggle,
} from '~/stores/follows';

/** A Map-backed localStorage. */
function memoryStorage() {
	const map = new Map<string, string>();
	return {
		map,
		getItem: (k: string) => map.get(k) ?? null,
		setItem: (k: string, v: string) => void map.set(k, v),
		removeItem: (k: string) => void map.delete(k),
	};
}

const json = (status: number, body: unknown) =>
	new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const view = (id: number) => ({ kind: 'team', id, name: `Team ${id}`, path: `/team/t${id}` });

describe('$follows store', () => {
	let storage: ReturnType<typeof memoryStorage>;
	let calls: { method: string; path: string; body: unknown }[];
	let server: { list: ReturnType<typeof view>[]; fail: boolean };

	beforeEach(() => {
		storage = memoryStorage();
		calls = [];
		server = { list: [view(1)], fail: false };
	});

	function member() {
		configureFollows({
			storage: () => storage,
			signedIn: () => true,
			fetch: async (path, init) => {
				const method = init?.method ?? 'GET';
				const body = init?.body ? JSON.parse(String(init.body)) : undefined;
				calls.push({ method, path, body });
				if (server.fail) return json(503, { error: 'unavailable' });
				if (method === 'POST') {
					for (const f of (body as { follows: { id: number }[] }).follows)
						if (!server.list.some((v) => v.id === f.id)) server.list.push(view(f.id));
				}
				if (method === 'DELETE')
					server.list = server.list.filter((v) => !path.endsWith(`id=${v.id}`));
				if (method === 'PUT')
					server.list = (body as { follows: { id: number }[] }).follows.map((f) => view(f.id));
				return json(200, { data: { follows: server.list } });
			},
		});
	}

	it('keeps a guest’s follows in localStorage, without any request', async () => {
		configureFollows({
			storage: () => storage,
			signedIn: () => false,
			fetch: async () => {
				throw new Error('no network for guests');
			},
		});
		await toggle({ kind: 'team', id: 5 });
		expect(JSON.parse(storage.map.get(GUEST_KEY) ?? '[]')).toEqual([{ kind: 'team', id: 5 }]);
		await toggle({ kind: 'team', id: 5 });
		expect(storage.map.has(GUEST_KEY)).toBe(false);
	});

	it('hands a guest list to the account after login, then forgets it locally', async () => {
		storage.setItem(GUEST_KEY, JSON.stringify([{ kind: 'team', id: 2 }]));
		member();
		await loadFollows();
		expect(calls).toEqual([
			{ method: 'POST', path: '/api/me/follows', body: { follows: [{ kind: 'team', id: 2 }] } },
		]);
		expect($follows.get().list).toEqual([
			{ kind: 'team', id: 1 },
			{ kind: 'team', id: 2 },
		]);
		expect(storage.map.has(GUEST_KEY)).toBe(false);
	});

	it('keeps the guest list when the merge fails', async () => {
		storage.setItem(GUEST_KEY, JSON.stringify([{ kind: 'team', id: 2 }]));
		server.fail = true;
		member();
		await loadFollows();
		expect(storage.map.has(GUEST_KEY)).toBe(true);
		expect($follows.get().member).toBe(false);
	});

	it('rolls a member’s change back when the server refuses it', async () => {
		member();
		await loadFollows();
		server.fail = true;
		expect(await toggle({ kind: 'team', id: 3 })).toBe(false);
		expect($follows.get().list).toEqual([{ kind: 'team', id: 1 }]);
		server.fail = false;
		expect(await toggle({ kind: 'team', id: 3 })).toBe(true);
		expect(await remove({ kind: 'team', id: 1 })).toBe(true);
		expect($follows.get().views.map((v) => v.id)).toEqual([3]);
	});
});
