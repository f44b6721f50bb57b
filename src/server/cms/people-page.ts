import type { Translate } from '~/i18n/server';
import { LOCALE_TAGS, type Locale } from '~/i18n/locales';
import { dateTimeFormat } from '~/lib/intl';
import { formatMoney } from '~/lib/payments/money';
import { now } from '../clock';
import type { Actor } from './guard';
import {
	findPeople,
	grantablePlans,
	parseUserId,
	peopleQuery,
	type PersonRow,
	personDetail,
} from './people';
import { type PeopleFormResult, peopleFromConsole } from './people-console';

/** Everything the People page shows, translated and formatted (the page is markup). */
export interface PeopleView {
	status: number;
	q: string;
	page: number;
	hasMore: boolean;
	people: (PersonRow & { planName: string; href: string })[];
	result: { ok: boolean; text: string } | null;
	person: {
		id: string;
		email: string;
		name: string;
		disabled: boolean;
		self: boolean;
		since: string;
		current: string;
		liveSessions: number;
		subscriptions: { plan: string; status: string; provider: string; until: string }[];
		payments: { plan: string; amount: string; date: string }[];
	} | null;
	plans: { id: string; name: string }[];
	/** The default end of a grant: a month from today (YYYY-MM-DD). */
	defaultUntil: string;
	minUntil: string;
}

export async function peoplePage(
	request: Request,
	url: URL,
	actor: Actor,
	t: Translate,
	locale: Locale,
): Promise<PeopleView> {
	let status = 200;
	let formResult: PeopleFormResult | null = null;
	let selected = parseUserId(url.searchParams.get('user'));
	if (request.method === 'POST') {
		const form = await request.formData();
		formResult = await peopleFromConsole(form, actor);
		if (!formResult.ok) status = formResult.status;
		selected = parseUserId(String(form.get('user') ?? '')) ?? selected;
	}
	const parsed = peopleQuery.safeParse({
		q: url.searchParams.get('q') ?? undefined,
		page: url.searchParams.get('page') ?? undefined,
	});
	const query = parsed.success ? parsed.data : { q: '', page: 0 };
	if (!parsed.success) status = 400;
	const found = await findPeople(query.q, query.page);
	const planName = (id: string) => t(`payments:plan.${id}.name`);
	const day = dateTimeFormat(LOCALE_TAGS[locale], { dateStyle: 'medium', timeZone: 'UTC' });
	const detail = selected ? await personDetail(selected) : null;
	const base = `/${locale}/cms/people`;
	const link = (id: string) => {
		const p = new URLSearchParams();
		if (query.q) p.set('q', query.q);
		if (query.page) p.set('page', String(query.page));
		p.set('user', id);
		return `${base}?${p}`;
	};
	const today = new Date(now());
	const iso = (d: Date) => d.toISOString().slice(0, 10);
	return {
		status,
		q: query.q,
		page: query.page,
		hasMore: found.hasMore,
		people: found.people.map((p) => ({ ...p, planName: planName(p.plan), href: link(p.id) })),
		result: formResult
			? formResult.ok
				? { ok: true, text: t(`cms:people.done.${formResult.intent}`, { email: formResult.email }) }
				: { ok: false, text: t('cms:people.failed', { message: formResult.message }) }
			: null,
		person: detail
			? {
					id: detail.id,
					email: detail.email,
					name: detail.name,
					disabled: detail.disabled,
					self: detail.id === actor.id,
					since: day.format(detail.createdAt),
					current: detail.current
						? detail.current.until
							? t('cms:people.planUntil', {
									plan: planName(detail.current.planId),
									date: day.format(detail.current.until),
								})
							: planName(detail.current.planId)
						: planName('free'),
					liveSessions: detail.liveSessions,
					subscriptions: detail.subscriptions.map((s) => ({
						plan: planName(s.planId),
						status: t(`cms:people.status.${s.status}`),
						provider: s.provider === 'complimentary' ? t('cms:people.complimentary') : s.provider,
						until: s.until ? day.format(s.until) : '–',
					})),
					payments: detail.payments.map((p) => ({
						plan: planName(p.planId),
						amount: formatMoney(p.amount, p.currency, locale),
						date: day.format(p.createdAt),
					})),
				}
			: null,
		plans: (await grantablePlans()).map((id) => ({ id, name: planName(id) })),
		defaultUntil: iso(new Date(today.getTime() + 30 * 86_400_000)),
		minUntil: iso(today),
	};
}
