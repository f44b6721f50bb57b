/**
 * Console news in the database: create, edit and move articles through their life, each
 * change with its audit row in the same transaction; and the public reads (published, or
 * scheduled with their time come), which the live collection `articles` serves to pages.
 */
import { and, asc, desc, eq, gt, inArray, lte, or, type SQL } from 'drizzle-orm';
import { DEFAULT_LOCALE, type Locale } from '~/i18n/locales';
import { invalidateTags, NEWS_TAG } from '../cache/tags';
import { now as clock } from '../clock';
import { writeAudit } from '../cms/audit';
import { getDb } from '../db/client';
import {
	newsArticles,
	newsTranslations,
	type NewsArticleRow,
	type NewsTranslationRow,
} from '../db/schema/news';
import {
	type ArticleInput,
	effectiveState,
	type NewsAction,
	type NewsState,
	transition,
} from './validate';

export interface NewsActor {
	id: string | null;
	email: string;
}

export interface Article extends Omit<NewsArticleRow, 'state'> {
	state: NewsState;
	translations: Partial<Record<Locale, Omit<NewsTranslationRow, 'articleId' | 'locale'>>>;
}

export type NewsResult<T> =
	| { ok: true; value: T }
	| { ok: false; status: 400 | 404 | 409; error: string; message: string; fields?: string[] };

const target = (id: number) => `news:${id}`;
const notFound = {
	ok: false,
	status: 404,
	error: 'not_found',
	message: 'No such article',
} as const;

/**
 * Slugs the shipped Markdown posts hold (their pages win). Imported when needed: the
 * content module reads `astro:content`, which loads the live collection, which loads this.
 */
async function reservedSlugs(): Promise<Set<string>> {
	const { markdownNewsSlugs } = await import('../content/entries');
	return markdownNewsSlugs();
}

function snapshot(a: Article): Record<string, unknown> {
	return {
		slug: a.slug,
		state: a.state,
		publishedAt: a.publishedAt?.toISOString() ?? null,
		image: a.image,
		author: a.author,
		translations: a.translations,
	};
}

async function load(db: Pick<Awaited<ReturnType<typeof getDb>>, 'select'>, ids: number[]) {
	if (ids.length === 0) return [];
	const [rows, texts] = await Promise.all([
		db.select().from(newsArticles).where(inArray(newsArticles.id, ids)),
		db.select().from(newsTranslations).where(inArray(newsTranslations.articleId, ids)),
	]);
	return ids
		.map((id) => rows.find((r) => r.id === id))
		.filter((r): r is NewsArticleRow => r !== undefined)
		.map((r): Article => {
			const translations: Article['translations'] = {};
			for (const t of texts.filter((x) => x.articleId === r.id)) {
				const { articleId: _a, locale, ...rest } = t;
				translations[locale as Locale] = rest;
			}
			return { ...r, state: r.state as NewsState, translations };
		});
}

/** One article with all its versions, or undefined. */
export async function getArticle(id: number): Promise<Article | undefined> {
	return (await load(await getDb(), [id]))[0];
}

/** The console's list, newest change first, optionally in one (visible) state. */
export async function listArticles(state?: NewsState, limit = 100): Promise<Article[]> {
	const db = await getDb();
	const at = new Date(clock());
	let where: SQL | undefined;
	const due = and(eq(newsArticles.state, 'scheduled'), lte(newsArticles.publishedAt, at));
	if (state === 'published') where = or(eq(newsArticles.state, 'published'), due);
	else if (state === 'scheduled')
		where = and(eq(newsArticles.state, 'scheduled'), gt(newsArticles.publishedAt, at));
	else if (state) where = eq(newsArticles.state, state);
	const rows = await db
		.select({ id: newsArticles.id })
		.from(newsArticles)
		.where(where)
		.orderBy(desc(newsArticles.updatedAt), desc(newsArticles.id))
		.limit(limit);
	const list = await load(
		db,
		rows.map((r) => r.id),
	);
	return list.map((a) => ({ ...a, state: effectiveState(a.state, a.publishedAt, at) }));
}

function writeTranslations(input: ArticleInput) {
	return Object.entries(input.translations)
		.filter(([, t]) => t !== undefined)
		.map(([locale, t]) => ({
			locale,
			title: t.title.trim(),
			summary: t.summary.trim(),
			body: t.body,
			imageAlt: t.imageAlt?.trim() || null,
		}));
}

async function slugTaken(slug: string, exceptId?: number): Promise<boolean> {
	if ((await reservedSlugs()).has(slug)) return true;
	const db = await getDb();
	const [row] = await db
		.select({ id: newsArticles.id })
		.from(newsArticles)
		.where(eq(newsArticles.slug, slug));
	return row !== undefined && row.id !== exceptId;
}

const slugConflict: NewsResult<never> = {
	ok: false,
	status: 409,
	error: 'slug_taken',
	message: 'Invalid field "slug": another article or post has this address',
	fields: ['slug'],
};

function changed() {
	// Pages reading news carry NEWS_TAG if a cache ever keeps them; drop them at once.
	invalidateTags([NEWS_TAG]);
}

/** A new draft. */
export async function createArticle(
	input: ArticleInput,
	actor: NewsActor,
): Promise<NewsResult<Article>> {
	if (await slugTaken(input.slug)) return slugConflict;
	const db = await getDb();
	const id = await db.transaction(async (tx) => {
		const [row] = await tx
			.insert(newsArticles)
			.values({ slug: input.slug, image: input.image ?? null, author: input.author ?? null })
			.returning({ id: newsArticles.id });
		const articleId = row!.id;
		await tx
			.insert(newsTranslations)
			.values(writeTranslations(input).map((t) => ({ ...t, articleId })));
		const [created] = await load(tx, [articleId]);
		await writeAudit(tx, {
			actor,
			action: 'news.create',
			target: target(articleId),
			after: snapshot(created!),
		});
		return articleId;
	});
	const article = (await getArticle(id))!;
	changed();
	return { ok: true, value: article };
}

/** Replaces an article's content (slug, image, every version); its state stays. */
export async function updateArticle(
	id: number,
	input: ArticleInput,
	actor: NewsActor,
): Promise<NewsResult<Article>> {
	const db = await getDb();
	const before = (await load(db, [id]))[0];
	if (!before) return notFound;
	if (input.slug !== before.slug && (before.state === 'published' || before.state === 'scheduled'))
		return {
			ok: false,
			status: 409,
			error: 'slug_locked',
			message: 'Invalid field "slug": unpublish the article before changing its address',
			fields: ['slug'],
		};
	if (input.slug !== before.slug && (await slugTaken(input.slug, id))) return slugConflict;
	await db.transaction(async (tx) => {
		await tx
			.update(newsArticles)
			.set({
				slug: input.slug,
				image: input.image ?? null,
				author: input.author ?? null,
				updatedAt: new Date(clock()),
			})
			.where(eq(newsArticles.id, id));
		await tx.delete(newsTranslations).where(eq(newsTranslations.articleId, id));
		await tx
			.insert(newsTranslations)
			.values(writeTranslations(input).map((t) => ({ ...t, articleId: id })));
		const [after] = await load(tx, [id]);
		await writeAudit(tx, {
			actor,
			action: 'news.update',
			target: target(id),
			before: snapshot(before),
			after: snapshot(after!),
		});
	});
	changed();
	return { ok: true, value: (await getArticle(id))! };
}

/** Publish now, schedule for `publishAt`, or unpublish. */
export async function changeState(
	id: number,
	action: NewsAction,
	actor: NewsActor,
	publishAt?: Date,
): Promise<NewsResult<Article>> {
	const db = await getDb();
	const at = new Date(clock());
	const result = await db.transaction(async (tx): Promise<NewsResult<null>> => {
		// Locked, so two editors pressing Publish at once make one change, not two.
		const [row] = await tx.select().from(newsArticles).where(eq(newsArticles.id, id)).for('update');
		if (!row) return notFound;
		const current = effectiveState(row.state as NewsState, row.publishedAt, at);
		const next = transition(current, action, at, publishAt);
		if (!next.ok) return next;
		await tx
			.update(newsArticles)
			.set({
				state: next.state,
				// Unpublishing keeps nothing public; the date is set again on the next publish.
				publishedAt: next.publishedAt,
				updatedAt: at,
			})
			.where(eq(newsArticles.id, id));
		await writeAudit(tx, {
			actor,
			action: `news.${action}`,
			target: target(id),
			before: { state: current, publishedAt: row.publishedAt?.toISOString() ?? null },
			after: { state: next.state, publishedAt: next.publishedAt?.toISOString() ?? null },
		});
		return { ok: true, value: null };
	});
	if (!result.ok) return result;
	changed();
	return { ok: true, value: (await getArticle(id))! };
}

/** A public article in one locale: its version there, or the English one, marked. */
export interface PublicArticle {
	id: number;
	slug: string;
	title: string;
	summary: string;
	body: string;
	imageAlt: string | null;
	image: string | null;
	author: string | null;
	published: Date;
	updated: Date;
	/** The locale of the text shown: the page's, or English when it has no version. */
	textLocale: Locale;
}

function visibleAt(at: Date): SQL {
	return and(
		inArray(newsArticles.state, ['published', 'scheduled']),
		lte(newsArticles.publishedAt, at),
	) as SQL;
}

function toPublic(a: Article, locale: Locale): PublicArticle | undefined {
	const own = a.translations[locale];
	const text = own ?? a.translations[DEFAULT_LOCALE];
	if (!text || !a.publishedAt) return undefined;
	return {
		id: a.id,
		slug: a.slug,
		title: text.title,
		summary: text.summary,
		body: text.body,
		imageAlt: text.imageAlt,
		image: a.image,
		author: a.author,
		published: a.publishedAt,
		updated: new Date(Math.max(a.updatedAt.getTime(), a.publishedAt.getTime())),
		textLocale: own ? locale : DEFAULT_LOCALE,
	};
}

/** Every article visible now, in `locale`, newest first. */
export async function publishedArticles(locale: Locale): Promise<PublicArticle[]> {
	const db = await getDb();
	const rows = await db
		.select({ id: newsArticles.id })
		.from(newsArticles)
		.where(visibleAt(new Date(clock())))
		.orderBy(desc(newsArticles.publishedAt), asc(newsArticles.id))
		.limit(500);
	const list = await load(
		db,
		rows.map((r) => r.id),
	);
	return list.map((a) => toPublic(a, locale)).filter((a): a is PublicArticle => a !== undefined);
}

/** One article visible now, by slug, in `locale`; undefined when not (yet, or any more). */
export async function publishedArticle(
	slug: string,
	locale: Locale,
): Promise<PublicArticle | undefined> {
	const db = await getDb();
	const [row] = await db
		.select({ id: newsArticles.id })
		.from(newsArticles)
		.where(and(eq(newsArticles.slug, slug), visibleAt(new Date(clock()))));
	if (!row) return undefined;
	const [a] = await load(db, [row.id]);
	return a && toPublic(a, locale);
}
