import type { MatchWatchProps } from '~/lib/streams/player';
import { localHref } from '~/lib/locale-resolution';
import { matchPath } from '~/lib/urls';
import { cached } from '../cache/data-cache';
import { matchTag, PRICES_TAG, STREAMS_TAG } from '../cache/tags';
import { getDb } from '../db/client';
import { competitionPasses } from '../db/schema/watching';
import { defaultCurrency, formatMoney } from '~/lib/payments/money';
import { MATCH_PASS_HOURS_AFTER_FULL_TIME } from '../payments/periods';
import { priceOf } from '../payments/plans';
import { inArray } from 'drizzle-orm';
import { playerLabels } from './player-labels';
import { streamsOfMatch } from './match-streams';
import type { StreamTextContext } from './own-titles';
import { streamTexts } from './texts';

/**
 * The watch section of a match centre, the same for every visitor (the page is cached):
 * the match's first stream, the lock with what unlocks it (the match pass, sold right
 * here as a plain form post, then the competition pass and premium), and the address the
 * island asks for this visitor's signed playback URL. Null when the match has no stream.
 */
export async function matchWatchView(
	matchId: number,
	ctx: StreamTextContext,
): Promise<MatchWatchProps | null> {
	const { locale, t } = ctx;
	const data = await watchData(matchId, ctx);
	if (!data) return null;
	const { stream, text, currency, passPrice, competitionPlans } = data;
	const here = localHref(locale, matchPath({ id: matchId }));
	const free = stream.plans.length === 0;
	const alternatives = [
		...competitionPlans.map((id) => ({
			href: `${localHref(locale, '/pricing-sport')}?plan=${id}#plan-${id}`,
			label: t('watching:lock.get', { plan: t(`payments:plan.${id}.name`) }),
		})),
		...(stream.plans.includes('premium-monthly')
			? [
					{
						href: `${localHref(locale, '/pricing')}?plan=premium-monthly#plan-premium-monthly`,
						label: t('watching:lock.get', { plan: t('payments:plan.premium-monthly.name') }),
					},
				]
			: []),
	];
	return {
		streamId: stream.id,
		accessUrl: `/api/watch/${stream.id}`,
		title: text.title,
		...(text.locale !== locale ? { titleLang: text.locale } : {}),
		heading: stream.kind === 'live' ? t('watching:heading.live') : t('watching:heading.highlight'),
		labels: {
			...playerLabels(text.title, t),
			checking: t('watching:checking'),
			lockTitle: t('watching:lock.title'),
			login: t('watching:lock.login'),
			buyFailed: t('watching:lock.failed'),
		},
		lock: free
			? null
			: {
					message: t('watching:lock.message'),
					buy:
						passPrice === undefined
							? null
							: {
									action: '/api/checkout',
									fields: {
										planId: 'match-pass',
										matchId: String(matchId),
										currency,
										locale,
										returnTo: `${here}#watch`,
									},
									label: t('watching:lock.buy', {
										price: formatMoney(passPrice, currency, locale),
									}),
									note: t('watching:lock.valid', { hours: MATCH_PASS_HOURS_AFTER_FULL_TIME }),
								},
					alternatives,
					loginHref: `${localHref(locale, '/login')}?redirect=${encodeURIComponent(`${here}#watch`)}`,
				},
	};
}

/** How long what the watch section reads is kept; an editor's change drops it sooner. */
const WATCH_DATA_MS = 10_000;

/**
 * What the watch section reads from the database (the match's first stream, its texts in
 * `locale`, the match pass's price, the competition passes that open it), kept for
 * seconds: read on every render, it was most of an uncached match page's round trips. The
 * stream editor and the plan editor drop it in their process (STREAMS_TAG, PRICES_TAG);
 * other processes see the change within WATCH_DATA_MS, as they see the cached page.
 */
function watchData(matchId: number, ctx: StreamTextContext) {
	const { locale } = ctx;
	return cached(
		`watch:${matchId}:${locale}`,
		WATCH_DATA_MS,
		[STREAMS_TAG, PRICES_TAG, matchTag(matchId)],
		async () => {
			const [stream] = await streamsOfMatch(matchId);
			if (!stream) return null;
			// The visitor's language where the console gave one or the site wrote the title,
			// else English (marked by `lang`).
			const text = (await streamTexts([stream], ctx)).get(stream.id)!;
			const currency = defaultCurrency(locale);
			const passPrice = stream.plans.includes('match-pass')
				? await priceOf('match-pass', currency, undefined)
				: undefined;
			return {
				stream,
				text,
				currency,
				passPrice,
				competitionPlans: await competitionPassesOf(stream.plans),
			};
		},
	);
}

async function competitionPassesOf(planIds: string[]): Promise<string[]> {
	if (planIds.length === 0) return [];
	const db = await getDb();
	const rows = await db
		.select({ id: competitionPasses.planId })
		.from(competitionPasses)
		.where(inArray(competitionPasses.planId, planIds));
	return rows.map((r) => r.id).sort();
}
