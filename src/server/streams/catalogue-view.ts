import { LOCALE_NAMES, type Locale } from '~/i18n/locales';
import type { Translate } from '~/i18n/server';
import type { PlayerLabels } from '~/lib/streams/player';
import { localHref } from '~/lib/locale-resolution';
import type { StreamKind, StreamRow } from '../db/schema/streams';
import { highlightPath } from './catalogue';
import { paymentsNow as now } from '../clock';
import { playerLabels } from './player-labels';
import type { StreamTextContext } from './own-titles';
import { type StreamText, streamTexts } from './texts';
import { streamPage, type WatchView } from './watch-view';

type Listed = Pick<StreamRow, 'id' | 'matchId'>;

/** The catalogue pages, what each lists and each item's address. */
const PAGES = {
	tv: { kinds: ['live', 'tv'], texts: 'tv', path: (s: Listed) => `/tv?play=${s.id}` },
	movies: { kinds: ['movie'], texts: 'movies', path: (s: Listed) => `/movies?play=${s.id}` },
	highlight: { kinds: ['highlight'], texts: 'highlight', path: highlightPath },
} satisfies Record<string, { kinds: StreamKind[]; texts: string; path: (s: Listed) => string }>;

export type CataloguePage = keyof typeof PAGES;

/** The player island's props: a signed source, or why not and where to get access. */
export interface PlayerView {
	title: string;
	src: string | null;
	/** Where the player renews its signed address (GET /api/watch/{stream}); null when locked. */
	accessUrl: string | null;
	captions: string[];
	labels: PlayerLabels;
	locked: { message: string; href: string; link: string } | null;
}

export interface CatalogueView {
	title: string;
	description: string;
	heading: string;
	items: {
		href: string;
		/** The kind's name ("Highlights") and its code, which picks the card's drawn thumbnail. */
		kind: string;
		kindCode: StreamKind;
		title: string;
		description: string | null;
		/** The text's language when it is not the page's (English shown as such), else null. */
		textLang: string | null;
		/** "Shown in English: …" when the title is the English fallback. */
		fallbackNote: string | null;
		/** "Starts …" for a scheduled stream whose start is still ahead. */
		startsAt: { label: string; iso: string } | null;
		badge: string;
		free: boolean;
	}[];
	player: PlayerView | null;
}

function playerView(
	watch: WatchView,
	title: string,
	here: string,
	locale: Locale,
	t: Translate,
): PlayerView {
	const labels = playerLabels(title, t);
	let locked: PlayerView['locked'] = null;
	if (!watch.access.allowed) {
		const { reason, planHint } = watch.access;
		const pricing = planHint.startsWith('pass-') ? '/pricing-sport' : '/pricing';
		locked =
			reason === 'login'
				? {
						message: t('streams:player.locked.login'),
						href: `${localHref(locale, '/login')}?redirect=${encodeURIComponent(here)}`,
						link: t('streams:player.login'),
					}
				: {
						message: t(`streams:player.locked.${reason}`),
						href: `${localHref(locale, pricing)}?plan=${planHint}`,
						link: t('streams:player.getPlan', { plan: t(`payments:plan.${planHint}.name`) }),
					};
	}
	return {
		title,
		src: watch.src,
		accessUrl: watch.src ? `/api/watch/${watch.stream.id}` : null,
		captions: watch.captions,
		labels,
		locked,
	};
}

/**
 * A catalogue page (/tv, /movies, /highlight, /match-highlight) ready to render: its list
 * and, when `play` names one of its streams, the player. Undefined when `play` is unknown.
 * `here` (path and query) is where a login sends the visitor back to.
 */
export async function catalogueView(
	input: {
		page: CataloguePage;
		play: string | null;
		userId: string | null;
		country: string | undefined;
		here: string;
	},
	ctx: StreamTextContext & { timeZone?: string },
): Promise<CatalogueView | undefined> {
	const { locale, t } = ctx;
	const page = PAGES[input.page];
	const view = await streamPage({
		kinds: page.kinds,
		play: input.play,
		userId: input.userId,
		country: input.country,
	});
	if (!view) return undefined;
	const texts = await streamTexts(
		view.watching ? [...view.streams, view.watching.stream] : view.streams,
		ctx,
	);
	const text = (s: StreamRow): StreamText =>
		texts.get(s.id) ?? { title: s.title, description: s.description, locale: 'en' };
	const date = new Intl.DateTimeFormat(locale, {
		dateStyle: 'medium',
		timeStyle: 'short',
		timeZone: ctx.timeZone ?? 'UTC',
	});
	const fallback = (l: Locale) =>
		l === locale ? null : t('content.inLanguage', { language: LOCALE_NAMES[l] });
	return {
		title: t(`streams:${page.texts}.title`),
		description: t(`streams:${page.texts}.description`),
		heading: t(`streams:${page.texts}.heading`),
		items: view.streams.map((s) => ({
			href: localHref(locale, page.path(s)),
			kind: t(`streams:kind.${s.kind}`),
			kindCode: s.kind,
			title: text(s).title,
			description: text(s).description,
			textLang: text(s).locale === locale ? null : text(s).locale,
			fallbackNote: fallback(text(s).locale),
			startsAt:
				s.startsAt && s.startsAt.getTime() > now()
					? {
							label: t('cmsstreams:public.startsAt', { date: date.format(s.startsAt) }),
							iso: s.startsAt.toISOString(),
						}
					: null,
			badge: s.free ? t('streams:free') : t('streams:needsPlan'),
			free: s.free,
		})),
		player:
			view.watching &&
			playerView(view.watching, text(view.watching.stream).title, input.here, locale, t),
	};
}
