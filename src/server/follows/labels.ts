import type { Translate } from '~/i18n/server';
import type { FollowButtonLabels } from '~/islands/follow/FollowButton';
import type { FollowListLabels } from '~/islands/follow/FollowList';
import type { MyMatchesLabels } from '~/islands/follow/MyMatches';

/** The follow islands' strings, in the page's language (islands carry no dictionary). */
export function followButtonLabels(t: Translate, name: string): FollowButtonLabels {
	return {
		follow: t('follow:star.follow'),
		following: t('follow:star.following'),
		label: t('follow:star.label', { name }),
		failed: t('follow:account.saveFailed'),
	};
}

export function myMatchesLabels(t: Translate): MyMatchesLabels {
	return {
		title: t('follow:my.title'),
		empty: t('follow:my.empty'),
		next: t('follow:my.next'),
		recent: t('follow:my.recent'),
		loading: t('follow:my.loading'),
		error: t('follow:my.error'),
		live: t('follow:my.live'),
		halfTime: t('follow:my.halfTime'),
		fullTime: t('follow:my.fullTime'),
	};
}

export function followListLabels(t: Translate): FollowListLabels {
	return {
		title: t('follow:account.title'),
		empty: t('follow:account.empty'),
		up: t('follow:account.up'),
		down: t('follow:account.down'),
		remove: t('follow:account.remove'),
		saveFailed: t('follow:account.saveFailed'),
		kinds: {
			team: t('follow:kind.team'),
			competition: t('follow:kind.competition'),
			match: t('follow:kind.match'),
		},
	};
}
