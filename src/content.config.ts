import { glob } from 'astro/loaders';
import { defineCollection } from 'astro:content';
import { z } from 'astro/zod';

/**
 * Static pages, guides and news are Markdown, one folder per locale:
 * `src/content/<collection>/<locale>/<slug>.md`. The entry id is `<locale>/<slug>`.
 */
const base = z.object({
	title: z.string().min(1),
	description: z.string().min(1).max(200),
	updated: z.coerce.date(),
});

const pages = defineCollection({
	loader: glob({ pattern: '**/*.md', base: './src/content/pages' }),
	schema: base,
});

const guides = defineCollection({
	loader: glob({ pattern: '**/*.md', base: './src/content/guides' }),
	schema: base.extend({ order: z.number().int() }),
});

const news = defineCollection({
	loader: glob({ pattern: '**/*.md', base: './src/content/news' }),
	schema: base.extend({
		published: z.coerce.date(),
		// A same-site image under public/news/, shown by feeds, JSON-LD and link previews.
		image: z
			.object({
				src: z.string().regex(/^\/news\/[a-z0-9-]+\.(png|jpe?g|webp)$/),
				alt: z.string().min(1),
			})
			.optional(),
		// A named author; without one the post is signed by the site's editorial team.
		author: z.string().min(1).optional(),
	}),
});

export const collections = { pages, guides, news };
