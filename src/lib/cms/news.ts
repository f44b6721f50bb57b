/** The life of a console news article: its states and the actions that move it. */
export const NEWS_STATES = ['draft', 'scheduled', 'published', 'unpublished'] as const;
export type NewsState = (typeof NEWS_STATES)[number];
export const NEWS_ACTIONS = ['publish', 'schedule', 'unpublish'] as const;
export type NewsAction = (typeof NEWS_ACTIONS)[number];
