import {
	index,
	integer,
	pgTable,
	primaryKey,
	serial,
	text,
	timestamp,
	uuid,
} from 'drizzle-orm/pg-core';
import { fkey } from './keys';

/**
 * News written in the console (src/server/news/). An article's life is its `state`:
 * draft → scheduled or published → unpublished (and back). A scheduled article becomes
 * visible by itself when `published_at` passes: the public query compares it with the
 * clock, so no job has to flip it.
 */
export const newsArticles = pgTable(
	'news_articles',
	{
		id: serial('id').primaryKey(),
		/** Address part after /news/; unique among articles and the Markdown posts. */
		slug: text('slug').notNull().unique(),
		state: text('state', { enum: ['draft', 'scheduled', 'published', 'unpublished'] })
			.notNull()
			.default('draft'),
		/** When it goes (or went) public; set by schedule and publish. */
		publishedAt: timestamp('published_at', { withTimezone: true }),
		/** File name under MEDIA_DIR/news of its image (generated, never the uploader's name). */
		image: text('image'),
		author: text('author'),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
		updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
	},
	(t) => [index('news_articles_state_published_idx').on(t.state, t.publishedAt)],
);

/** One locale's version of an article; English is required, the others optional. */
export const newsTranslations = pgTable(
	'news_translations',
	{
		articleId: integer('article_id').notNull(),
		locale: text('locale').notNull(),
		title: text('title').notNull(),
		summary: text('summary').notNull(),
		/** Markdown; rendered to sanitised HTML on output (src/server/news/markdown.ts). */
		body: text('body').notNull(),
		imageAlt: text('image_alt'),
	},
	(t) => [
		primaryKey({ columns: [t.articleId, t.locale] }),
		fkey(t.articleId, newsArticles.id).onDelete('cascade'),
	],
);

/** Uploaded images: validated, re-encoded, stored under a generated name. */
export const newsImages = pgTable('news_images', {
	file: text('file').primaryKey(),
	bytes: integer('bytes').notNull(),
	width: integer('width').notNull(),
	height: integer('height').notNull(),
	uploadedBy: uuid('uploaded_by'),
	createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export type NewsArticleRow = typeof newsArticles.$inferSelect;
export type NewsTranslationRow = typeof newsTranslations.$inferSelect;
