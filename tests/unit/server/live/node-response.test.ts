import { channel } from 'node:diagnostics_channel';
import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { CONN_HEADER, installResponseTracking, routedPath } from '~/server/live/node-response';

// Issue 11, finding 8: the live stream's slow-client guard must see every request that
// Astro routes to /api/live, however its target is spelled.
describe('live response tracking', () => {
	it('finding 8: routedPath resolves dot segments and escapes as the router does', () => {
		expect(routedPath('/api/live?matches=1')).toBe('/api/live');
		expect(routedPath('/%61pi/live')).toBe('/api/live');
		expect(routedPath('/./api/live')).toBe('/api/live');
		expect(routedPath('/api/%2e/live')).toBe('/api/live');
		expect(routedPath('/x/../api/%6Cive')).toBe('/api/live');
		expect(routedPath('//api/live')).toBe('//api/live');
		expect(routedPath('/%E0%A4%A')).toBe('/%E0%A4%A');
	});

	it('finding 8: odd spellings of /api/live are tracked (so the slow-client guard applies)', () => {
		installResponseTracking();
		const start = channel('http.server.request.start');
		for (const url of ['/api/live', '/%61pi/live', '/./api/live', '/en/../api/live?x=1']) {
			const request = { url, headers: {} as Record<string, string> };
			start.publish({ request, response: new EventEmitter() });
			expect(request.headers[CONN_HEADER], url).toBeTruthy();
		}
		const page = { url: '/en/live-matches', headers: {} as Record<string, string> };
		start.publish({ request: page, response: new EventEmitter() });
		expect(page.headers[CONN_HEADER]).toBeUndefined();
	});
});
