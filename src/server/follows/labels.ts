import type { Translate } from '~/i18n/server';
import type {
	FollowButtonLabels,
	FollowListLabels,
	MyMatchesLabels,
	PushOptInLabels,
} from '~/lib/follow-labels';

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

export function pushOptInLabels(t: Translate, name: string): PushOptInLabels {
	return {
		alerts: t('follow:push.alerts'),
		title: t('follow:push.alertsFor', { name }),
		on: t('follow:push.on'),
		off: t('follow:push.off'),
		saved: t('follow:push.saved'),
		denied: t('follow:push.denied'),
		unsupported: t('follow:push.unsupported'),
		ios: t('follow:push.ios'),
		failed: t('follow:push.failed'),
		busy: t('follow:push.busy'),
		quiet: t('follow:push.quiet'),
		quietFrom: t('follow:push.quietFrom'),
		quietTo: t('follow:push.quietTo'),
		kinds: {
			kickoff: t('follow:push.kinds.kickoff'),
			goal: t('follow:push.kinds.goal'),
			red: t('follow:push.kinds.red'),
			ht: t('follow:push.kinds.ht'),
			ft: t('follow:push.kinds.ft'),
		},
	};
}
