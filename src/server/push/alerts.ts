import { LOCALES, type Locale } from '~/i18n/locales';
import { useTranslations } from '~/i18n/server';

import type { AlertKind } from '~/lib/push';

export { ALERT_KINDS, type AlertKind } from '~/lib/push';

const GOALS = new Set(['goal', 'own_goal', 'penalty_goal']);
const REDS = new Set(['red', 'second_yellow']);

/** What a live event row is, as an alert; null for everything that alerts nobody. */
export function alertKindOf(kind: string, payload: Record<string, unknown>): AlertKind | null {
	const entry = payload['entry'] as { type?: string; review?: boolean } | undefined;
	// A goal under review alerts nobody; the correction confirming it alerts as the goal.
	const confirmed = kind === 'correction' && payload['confirmed'] === true;
	if ((kind === 'event' || confirmed) && entry?.type) {
		if (entry.review === true) return null;
		if (GOALS.has(entry.type)) return 'goal';
		if (REDS.has(entry.type)) return 'red';
		return null;
	}
	if (kind === 'status') {
		const status = String(payload['status'] ?? '');
		if (status === 'half_time') return 'ht';
		if (status.startsWith('finished')) return 'ft';
		const minute = payload['minute'];
		if (status === 'live' && (minute === null || minute === undefined || Number(minute) <= 1))
			return 'kickoff';
	}
	return null;
}

export interface AlertMatch {
	id: number;
	home: string;
	away: string;
}

/** One alert, as the service worker shows it (src/sw/sw.ts). */
export interface AlertPayload {
	title: string;
	body: string;
	url: string;
	tag: string;
	stopLabel: string;
	kind: AlertKind;
}

/**
 * The alert for one event in every language, each in a full and a spoiler-safe wording
 * (no score, no scorer): the queue picks per subscription. The click opens the match at
 * the event (`#event-<id>`).
 */
export function composeAlerts(
	kind: AlertKind,
	eventId: number,
	match: AlertMatch,
	payload: Record<string, unknown>,
): Record<Locale, { full: AlertPayload; safe: AlertPayload }> {
	const score = payload['score'] as { home: number; away: number } | null | undefined;
	const entry = (payload['entry'] ?? {}) as { minute?: number | null; player?: string | null };
	const out = {} as Record<Locale, { full: AlertPayload; safe: AlertPayload }>;
	for (const locale of LOCALES) {
		const t = useTranslations(locale);
		const vars = {
			home: match.home,
			away: match.away,
			score: score ? `${score.home}–${score.away}` : '–',
			minute: entry.minute ?? '',
			scorer: entry.player ?? '?',
			player: entry.player ?? '?',
		};
		const kindName = t(`follow:push.kinds.${kind}`);
		const base = {
			url: `/${locale}/match/${match.id}#event-${eventId}`,
			tag: `match-${match.id}`,
			stopLabel: t('follow:alert.stop', { kind: kindName }),
			kind,
		};
		const title = t('site.name');
		const full = t(`follow:alert.${kind}`, vars);
		const safe = kind === 'kickoff' ? full : t(`follow:alert.${kind}Safe`, vars);
		out[locale] = { full: { ...base, title, body: full }, safe: { ...base, title, body: safe } };
	}
	return out;
}
