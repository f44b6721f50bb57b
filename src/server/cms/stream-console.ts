/**
 * What the console's stream pages show, ready to render: the list (labels, links, pages)
 * and the form's preview (the site's player on a short-lived URL signed for the editor).
 */
import type { Locale } from '~/i18n/locales';
import type { Translate } from '~/i18n/server';
import { isRemoteSource } from '~/lib/cms/stream-input';
import type { PlayerLabels } from '~/lib/streams/player';
import { paymentsNow as now } from '../clock';
import { playerLabels } from '../streams/player-labels';
import { previewUrl } from '../streams/signing';
import { listQuery } from './stream-http';
import { type EditedStream, listEditedStreams } from './stream-editor';

interface Ctx {
	locale: Locale;
	t: Translate;
}

export interface StreamListView {
	kind: string | undefined;
	page: number;
	total: number;
	items: { id: string; href: string; title: string; kind: string; details: string[] }[];
	previous: string | null;
	next: string | null;
}

const utc = (locale: Locale) =>
	new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });

/** The list page's view; undefined for a bad `kind` or `page` (the page answers 400). */
export async function streamListView(
	params: URLSearchParams,
	{ locale, t }: Ctx,
): Promise<StreamListView | undefined> {
	const query = listQuery.safeParse(Object.fromEntries(params));
	if (!query.success) return undefined;
	const { kind, page } = query.data;
	const list = await listEditedStreams(kind, page);
	const base = `/${locale}/cms/streams`;
	const at = (p: number) =>
		`${base}?${new URLSearchParams({ ...(kind ? { kind } : {}), page: String(p) })}`;
	const date = utc(locale);
	const items = list.data.map((s) => {
		const details = [
			s.plans.length === 0
				? t('cmsstreams:list.free')
				: t('cmsstreams:list.plans', { plans: s.plans.join(', ') }),
			s.countries
				? t('cmsstreams:list.countries', { countries: s.countries.join(', ') })
				: t('cmsstreams:list.everywhere'),
		];
		if (s.matchId !== null) details.push(t('cmsstreams:list.onMatch', { id: s.matchId }));
		const ends = s.endsAt ? new Date(s.endsAt) : null;
		const starts = s.startsAt ? new Date(s.startsAt) : null;
		if (ends && ends.getTime() <= now())
			details.push(t('cmsstreams:list.ended', { date: date.format(ends) }));
		else if (starts && starts.getTime() > now())
			details.push(t('cmsstreams:list.starts', { date: date.format(starts) }));
		return {
			id: s.id,
			href: `${base}/${s.id}`,
			title: s.title,
			kind: t(`cmsstreams:kinds.${s.kind}`),
			details,
		};
	});
	return {
		kind,
		page,
		total: list.total,
		items,
		previous: page > 1 ? at(page - 1) : null,
		next: list.hasMore ? at(page + 1) : null,
	};
}

export interface StreamPreview {
	src: string;
	labels: PlayerLabels;
	/** The outside-source note: such a source plays only where the CSP allows it. */
	remote: boolean;
}

/**
 * The preview of a saved stream for this staff member: signed for them (the media route
 * checks their console session, not plans or territories), expiring like a viewer's URL.
 */
export function streamPreview(stream: EditedStream, staffId: string, t: Translate): StreamPreview {
	return {
		src: previewUrl(staffId, stream.id),
		labels: playerLabels(stream.title, t),
		remote: isRemoteSource(stream.hlsSource),
	};
}

/** The translation key of what went wrong in the form (the API's message is English). */
export function streamProblemKey(result: {
	status: number;
	error: string;
	fields: string[];
}): string {
	const field = result.fields[0] ?? '';
	if (result.status === 404) return 'cmsstreams:problems.notFound';
	if (result.error === 'id_taken') return 'cmsstreams:problems.idTaken';
	if (result.error === 'in_use') return 'cmsstreams:problems.inUse';
	if (result.error === 'attached') return 'cmsstreams:problems.attached';
	if (field === 'id') return 'cmsstreams:problems.id';
	if (field === 'hlsSource') return 'cmsstreams:problems.hlsSource';
	if (field === 'plans' || field.startsWith('plans.')) return 'cmsstreams:problems.plans';
	if (field.startsWith('countries')) return 'cmsstreams:problems.countries';
	if (field === 'startsAt' || field === 'endsAt') return 'cmsstreams:problems.schedule';
	if (field === 'title') return 'cmsstreams:problems.english';
	if (field.startsWith('translations.')) return 'cmsstreams:problems.version';
	return 'cmsstreams:problems.invalid';
}
