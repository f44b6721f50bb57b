import { expect, test } from '@playwright/test';
import { raw } from './raw-http';

// Issue 11's abuse limits against the real server (findings 11, 13, 15).

test('finding 11: /_image starts no image work for anonymous requests: every variant is a quick 404', async ({
	baseURL,
}) => {
	for (const path of [
		'/_image?href=/og-image.png&w=1200&f=avif&q=100',
		'/_image?href=/og-image.png&w=64&h=64&f=webp',
		'/_image?href=/favicon.svg&f=png',
		'/_image?href=/favicon.svg&w=4000&f=png',
		'/_image?href=https://example.com/x.png&f=png',
		'/_image?href=/../../etc/passwd',
		'/_image',
	]) {
		const response = await raw(baseURL!, path);
		expect(response.status, path).toBe(404);
		expect(response.headers['content-type'] ?? '', path).not.toMatch(/^image\//);
	}
	// The original files are still served as they are.
	expect((await raw(baseURL!, '/og-image.png')).status).toBe(200);
	expect((await raw(baseURL!, '/favicon.svg')).status).toBe(200);
});
