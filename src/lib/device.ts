/** What the server can tell about the visitor's device from the User-Agent, once per request. */
export interface DeviceInfo {
	isMobile: boolean;
	isTablet: boolean;
	isDesktop: boolean;
	isIos: boolean;
	isAndroid: boolean;
	isWindows: boolean;
	isMacOS: boolean;
	browser: 'chrome' | 'edge' | 'firefox' | 'safari' | 'samsung' | 'opera' | 'other';
	isCrawler: boolean;
}

const CRAWLER =
	/bot\b|crawler|spider|crawling|slurp|bingpreview|facebookexternalhit|embedly|quora link preview|whatsapp|telegrambot|lighthouse|headlesschrome\/[\d.]+ \(compatible|google-inspectiontool|applebot|duckduckgo|yandex|baidu/i;

/** Parses a User-Agent header into the spec's device flags. Never throws. */
export function detectDevice(userAgent: string | null | undefined): DeviceInfo {
	const ua = (userAgent ?? '').slice(0, 512);
	const isIos = /iPhone|iPad|iPod/i.test(ua) || (/Macintosh/.test(ua) && /Mobile\//.test(ua));
	const isAndroid = /Android/i.test(ua);
	const isTablet = /iPad|Tablet/i.test(ua) || (isAndroid && !/Mobile/i.test(ua));
	const isMobile = !isTablet && (/Mobi|iPhone|iPod/i.test(ua) || (isAndroid && /Mobile/i.test(ua)));
	const isWindows = /Windows NT/i.test(ua);
	const isMacOS = /Macintosh|Mac OS X/i.test(ua) && !isIos;
	let browser: DeviceInfo['browser'] = 'other';
	if (/Edg\//.test(ua)) browser = 'edge';
	else if (/OPR\/|Opera/.test(ua)) browser = 'opera';
	else if (/SamsungBrowser/.test(ua)) browser = 'samsung';
	else if (/Firefox\/|FxiOS/.test(ua)) browser = 'firefox';
	else if (/Chrome\/|CriOS/.test(ua)) browser = 'chrome';
	else if (/Safari\//.test(ua)) browser = 'safari';
	return {
		isMobile,
		isTablet,
		isDesktop: !isMobile && !isTablet,
		isIos,
		isAndroid,
		isWindows,
		isMacOS,
		browser,
		isCrawler: CRAWLER.test(ua),
	};
}
