import { defineLiveCollection } from 'astro:content';
import { articlesLoader } from './server/news/loader';

/**
 * Live collections: read at request time, not at build time. `articles` are the news the
 * console publishes (src/server/news/), served beside the Markdown posts of
 * src/content.config.ts through the same content API.
 */
const articles = defineLiveCollection({ loader: articlesLoader() });

export const collections = { articles };
