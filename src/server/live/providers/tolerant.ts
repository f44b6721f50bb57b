import { z } from 'zod';

/**
 * Tolerant shapes shared by the provider adapters: every field optional or nullable and
 * unknown keys kept, so a provider adding or dropping a field never breaks the feed.
 */
export const namedRef = z
	.object({ id: z.unknown().optional(), name: z.string().nullish() })
	.passthrough()
	.nullish();
export const homeAwayPair = z
	.object({ home: z.unknown().optional(), away: z.unknown().optional() })
	.passthrough()
	.nullish();
