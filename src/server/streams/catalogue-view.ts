import type { Locale } from '~/i18n/locales';
import type { Translate } from '~/i18n/server';
import type { PlayerLabels } from '~/lib/streams/player';
import { localHref } from '~/lib/locale-resolution';
import type { StreamKind, StreamRow } from '../db/schema/streams';
import { highlightPath } from './catalogue';
import { playerLabels } from './player-labels';
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
		badge: string;
		free: boolean;
	}[];
	player: PlayerView | null;
}

function playerView(watch: WatchView, here: string, locale: Locale, t: Translate): PlayerView {
	const labels = playerLabels(watch.stream.title, t);
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
	return { title: watch.stream.title, src: watch.src, captions: watch.captions, labels, locked };
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
	ctx: { locale: Locale; t: Translate },
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
	return {
		title: t(`streams:${page.texts}.title`),
		description: t(`streams:${page.texts}.description`),
		heading: t(`streams:${page.texts}.heading`),
		items: view.streams.map((s) => ({
			href: localHref(locale, page.path(s)),
			kind: t(`streams:kind.${s.kind}`),
			kindCode: s.kind,
			title: s.title,
			badge: s.free ? t('streams:free') : t('streams:needsPlan'),
			free: s.free,
		})),
		player: view.watching && playerView(view.watching, input.here, locale, t),
	};
}
