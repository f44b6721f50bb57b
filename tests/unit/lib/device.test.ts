import { describe, expect, it } from 'vitest';
import { detectDevice } from '~/lib/device';

describe('detectDevice', () => {
	it('recognises an iPhone', () => {
		const d = detectDevice(
			'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
		);
		expect(d).toMatchObject({
			isMobile: true,
			isIos: true,
			isMacOS: false,
			browser: 'safari',
			isCrawler: false,
			isDesktop: false,
		});
	});
	it('recognises an Android tablet and phone', () => {
		expect(
			detectDevice(
				'Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36',
			),
		).toMatchObject({ isTablet: true, isMobile: false, isAndroid: true, browser: 'chrome' });
		expect(
			detectDevice(
				'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36',
			),
		).toMatchObject({ isMobile: true, isAndroid: true });
	});
	it('recognises desktops and browsers', () => {
		expect(
			detectDevice(
				'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36 Edg/126.0',
			),
		).toMatchObject({ isDesktop: true, isWindows: true, browser: 'edge' });
		expect(
			detectDevice(
				'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:127.0) Gecko/20100101 Firefox/127.0',
			),
		).toMatchObject({ isMacOS: true, browser: 'firefox' });
	});
	it('flags crawlers', () => {
		expect(
			detectDevice('Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)')
				.isCrawler,
		).toBe(true);
		expect(detectDevice('Mozilla/5.0 (compatible; bingbot/2.0)').isCrawler).toBe(true);
	});
	it('never throws on missing or huge input', () => {
		expect(detectDevice(undefined).isDesktop).toBe(true);
		expect(detectDevice('x'.repeat(100_000)).browser).toBe('other');
	});
});
