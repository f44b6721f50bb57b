import type { StructuredData } from '~/lib/seo';
import { exampleMatchId } from '~/server/football/queries/example-match';
import type { MatchDetail } from '~/server/football/queries/match-detail';
import type { ViewContext } from './context';
import { absoluteUrl } from '~/lib/urls';
import { namedWebPageLd } from '~/server/seo/jsonld/content';
import { embedView, getMatchPage, type EmbedView } from './match-page';

/** `/widget`: the id of the match its example embeds (null when the database is empty). */
export function getWidgetPage(): Promise<number | null> {
	return exampleMatchId();
}

/** `/embed/lineup` without an id. */
export async function getEmbedDefault(): Promise<MatchDetail | undefined> {
	const id = await exampleMatchId();
	return id === null ? undefined : getMatchPage(String(id));
}

/** `/embed/lineup` without an id, ready to render; undefined when the database is empty. */
export async function getEmbedDefaultView(ctx: ViewContext): Promise<EmbedView | undefined> {
	const detail = await getEmbedDefault();
	return detail ? embedView(detail, ctx) : undefined;
}

export interface WidgetView {
	structuredData: StructuredData;
	/** The iframe code to copy. */
	code: string;
	/** The preview's src, or null without an example match. */
	preview: string | null;
}

/** `/widget`: the embed code and its preview. */
export async function getWidgetView(ctx: ViewContext): Promise<WidgetView> {
	const exampleId = await getWidgetPage();
	const { locale, t, origin } = ctx;
	const src = `${origin}/${locale}/embed/lineup/${exampleId ?? 1}`;
	return {
		structuredData: namedWebPageLd(
			t('football:widget.title'),
			absoluteUrl(origin, locale, '/widget'),
			t('football:widget.description'),
		),
		code: `<iframe src="${src}" height="420" style="border:0;width:100%;max-width:480px" loading="lazy" title="Matchday"></iframe>`,
		preview: exampleId !== null ? `/${locale}/embed/lineup/${exampleId}` : null,
	};
}
