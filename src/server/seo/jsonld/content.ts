/**
 * schema.org structured data of the Markdown pages: FAQPage (the questions of /faq),
 * NewsArticle (with image, author and publisher, as Google's Article rules recommend),
 * the news list as a CollectionPage, and plain pages as WebPage. Pure.
 */
import type {
	CollectionPage,
	FAQPage,
	NewsArticle,
	Organization,
	Person,
	WebPage,
	WithContext,
} from 'schema-dts';
import type { Locale } from '~/i18n/locales';
import { absoluteUrl, newsPath, NEWS_PATH } from '~/lib/urls';
import type { NewsPost } from '~/server/content/news';

export interface PageContext {
	origin: string;
	locale: Locale;
	siteName: string;
}

/** The default share image (public/og-image.png, 1200×630). */
export const DEFAULT_IMAGE = '/og-image.png';

/** Markdown inline syntax reduced to its text: links keep their label, emphasis and code go. */
export function markdownText(markdown: string): string {
	return markdown
		.replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
		.replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
		.replace(/(\*\*|__|\*|_|`)(.+?)\1/g, '$2')
		.replace(/^\s*[-*+]\s+/gm, '')
		.replace(/\s*\n\s*/g, ' ')
		.trim();
}

export interface Faq {
	question: string;
	answer: string;
}

/** The questions of an FAQ page written as `## Question` headings, each followed by its answer. */
export function faqsFromMarkdown(body: string): Faq[] {
	const faqs: Faq[] = [];
	let current: { question: string; lines: string[] } | null = null;
	const flush = () => {
		if (!current) return;
		const answer = markdownText(current.lines.join('\n'));
		if (answer) faqs.push({ question: markdownText(current.question), answer });
	};
	for (const line of body.split(/\r?\n/)) {
		const heading = /^##\s+(.+?)\s*#*\s*$/.exec(line);
		if (heading) {
			flush();
			current = { question: heading[1]!, lines: [] };
		} else if (/^#\s/.test(line)) {
			flush();
			current = null;
		} else if (current) {
			current.lines.push(line);
		}
	}
	flush();
	return faqs;
}

/** An FAQ page: every question with its accepted answer. */
export function faqPageLd(
	page: { title: string; description: string; updated: Date; path: string },
	faqs: Faq[],
	{ origin, locale }: PageContext,
): WithContext<FAQPage> {
	return {
		'@context': 'https://schema.org',
		'@type': 'FAQPage',
		name: page.title,
		description: page.description,
		url: absoluteUrl(origin, locale, page.path),
		inLanguage: locale,
		dateModified: page.updated.toISOString(),
		mainEntity: faqs.map((f) => ({
			'@type': 'Question',
			name: f.question,
			acceptedAnswer: { '@type': 'Answer', text: f.answer },
		})),
	};
}

/** A Markdown page that is none of the above. */
export function webPageLd(
	page: { title: string; description: string; updated: Date; path: string },
	{ origin, locale }: PageContext,
): WithContext<WebPage> {
	return {
		'@context': 'https://schema.org',
		'@type': 'WebPage',
		name: page.title,
		description: page.description,
		url: absoluteUrl(origin, locale, page.path),
		inLanguage: locale,
		dateModified: page.updated.toISOString(),
	};
}

/** A page known by its name and address only (a form, the widget page). */
export function namedWebPageLd(
	name: string,
	url: string,
	description?: string,
): WithContext<WebPage> {
	return {
		'@context': 'https://schema.org',
		'@type': 'WebPage',
		name,
		...(description ? { description } : {}),
		url,
	};
}

// The organisation's page is its home in the reader's language (the bare origin redirects).
function publisher({ origin, locale, siteName }: PageContext): Organization {
	return {
		'@type': 'Organization',
		name: siteName,
		url: absoluteUrl(origin, locale),
		logo: new URL('/favicon.svg', origin).href,
	};
}

/** One news post as a NewsArticle. */
export function newsArticleLd(post: NewsPost, ctx: PageContext): WithContext<NewsArticle> {
	const url = absoluteUrl(ctx.origin, ctx.locale, newsPath(post.slug));
	const author: Person | Organization = post.author
		? { '@type': 'Person', name: post.author }
		: { '@type': 'Organization', name: ctx.siteName, url: absoluteUrl(ctx.origin, ctx.locale) };
	return {
		'@context': 'https://schema.org',
		'@type': 'NewsArticle',
		headline: post.title,
		description: post.description,
		image: [new URL(post.image?.src ?? DEFAULT_IMAGE, ctx.origin).href],
		datePublished: post.published.toISOString(),
		dateModified: post.updated.toISOString(),
		inLanguage: ctx.locale,
		author: [author],
		publisher: publisher(ctx),
		mainEntityOfPage: url,
		url,
	};
}

/** The news list: a CollectionPage whose main entity lists the posts, newest first. */
export function newsListLd(
	posts: NewsPost[],
	page: { title: string; description: string },
	ctx: PageContext,
): WithContext<CollectionPage> {
	return {
		'@context': 'https://schema.org',
		'@type': 'CollectionPage',
		name: page.title,
		description: page.description,
		url: absoluteUrl(ctx.origin, ctx.locale, NEWS_PATH),
		inLanguage: ctx.locale,
		publisher: publisher(ctx),
		mainEntity: {
			'@type': 'ItemList',
			numberOfItems: posts.length,
			itemListElement: posts.map((p, i) => ({
				'@type': 'ListItem',
				position: i + 1,
				name: p.title,
				url: absoluteUrl(ctx.origin, ctx.locale, newsPath(p.slug)),
			})),
		},
	};
}
