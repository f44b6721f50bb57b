import { and, eq, inArray } from 'drizzle-orm';
import type { Locale } from '~/i18n/locales';
import { getDb } from '../db/client';
import { type StreamRow, streamTranslations } from '../db/schema/streams';
import { ownTitles, type StreamTextContext } from './own-titles';

/** A stream's title and description as a visitor reads them, and the locale they are in. */
export interface StreamText {
	title: string;
	description: string | null;
	/** `en` when the visitor's locale has no version (the page says so). */
	locale: Locale;
}

/**
 * The streams' texts in `locale`: the editors' version in that locale, else the site's own
 * title in that locale (own-titles.ts: the replay feed's and the demo streams'), else
 * English (the row). One query for a whole list.
 */
export async function streamTexts(
	rows: Pick<StreamRow, 'id' | 'title' | 'description' | 'matchId'>[],
	ctx: StreamTextContext,
): Promise<Map<string, StreamText>> {
	const { locale } = ctx;
	const out = new Map<string, StreamText>(
		rows.map((r) => [r.id, { title: r.title, description: r.description, locale: 'en' }]),
	);
	if (locale === 'en' || rows.length === 0) return out;
	const db = await getDb();
	const found = await db
		.select()
		.from(streamTranslations)
		.where(
			and(
				eq(streamTranslations.locale, locale),
				inArray(
					streamTranslations.streamId,
					rows.map((r) => r.id),
				),
			),
		);
	const edited = new Set(found.map((t) => t.streamId));
	for (const [id, title] of await ownTitles(
		rows.filter((r) => !edited.has(r.id)),
		ctx,
	))
		out.set(id, { ...out.get(id)!, title, locale });
	for (const t of found)
		out.set(t.streamId, { title: t.title, description: t.description, locale });
	return out;
}
