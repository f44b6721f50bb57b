/**
 * The console's stream form (`/{locale}/cms/streams/{id|new}`): one same-site POST carries
 * the stream, which is read into the API's body and checked by the same schema. Instants
 * are typed in UTC (the fields say so), so nothing depends on the editor's clock.
 */
import { asc, ne } from 'drizzle-orm';
import { LOCALES, type Locale } from '~/i18n/locales';
import { newStream, streamFields } from '~/lib/cms/stream-input';
import { fieldProblems } from '~/lib/cms/lineup';
import { getDb } from '../db/client';
import { plans } from '../db/schema/payments';
import type { Actor } from './guard';
import {
	createStream,
	deleteStream,
	type EditedStream,
	type EditResult,
	updateStream,
} from './stream-editor';

export interface StreamFormValues {
	id: string;
	kind: string;
	position: string;
	hlsSource: string;
	plans: string[];
	countries: string;
	startsAt: string;
	endsAt: string;
	texts: Record<Locale, { title: string; description: string }>;
}

export type StreamFormResult =
	| { ok: true; id: string | null; intent: 'save' | 'delete' }
	| { ok: false; status: number; error: string; fields: string[]; values: StreamFormValues };

const str = (form: FormData, name: string) => {
	const v = form.get(name);
	return typeof v === 'string' ? v : '';
};

/** `2026-11-24T18:00` (UTC) from an ISO instant, for a datetime-local field. */
const utcField = (iso: string | null) => (iso ? iso.slice(0, 16) : '');

/** The form's values for a stream, or an empty form. */
export function streamValues(s?: EditedStream): StreamFormValues {
	const texts = {} as StreamFormValues['texts'];
	for (const l of LOCALES) {
		const t = l === 'en' ? s && { title: s.title, description: s.description } : s?.translations[l];
		texts[l] = { title: t?.title ?? '', description: t?.description ?? '' };
	}
	return {
		id: s?.id ?? '',
		kind: s?.kind ?? 'highlight',
		position: String(s?.position ?? 0),
		hlsSource: s?.hlsSource ?? '',
		plans: s?.plans ?? [],
		countries: s?.countries?.join(', ') ?? '',
		startsAt: utcField(s?.startsAt ?? null),
		endsAt: utcField(s?.endsAt ?? null),
		texts,
	};
}

function formValues(form: FormData): StreamFormValues {
	const texts = {} as StreamFormValues['texts'];
	for (const l of LOCALES)
		texts[l] = { title: str(form, `title_${l}`), description: str(form, `description_${l}`) };
	return {
		id: str(form, 'id').trim(),
		kind: str(form, 'kind'),
		position: str(form, 'position').trim(),
		hlsSource: str(form, 'hlsSource'),
		plans: form.getAll('plans').filter((p): p is string => typeof p === 'string'),
		countries: str(form, 'countries'),
		startsAt: str(form, 'startsAt'),
		endsAt: str(form, 'endsAt'),
		texts,
	};
}

/** A datetime-local value read as UTC, as the API's ISO instant (undefined: not a date). */
function utcInstant(value: string): string | null | undefined {
	if (value === '') return null;
	if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value)) return undefined;
	const d = new Date(`${value}:00Z`);
	return Number.isNaN(d.getTime()) ? undefined : d.toISOString();
}

/** An unreadable date goes on as text, so the schema names its field. */
const orBad = (instant: string | null | undefined) =>
	instant === undefined ? 'not a date' : instant;

/** The form's values as the API's body (so one schema judges both). */
function bodyOf(v: StreamFormValues) {
	const translations: Record<string, { title: string; description: string }> = {};
	for (const l of LOCALES) {
		const t = v.texts[l];
		if (l !== 'en' && (t.title.trim() || t.description.trim())) translations[l] = t;
	}
	const countries = v.countries.split(/[\s,;]+/).filter(Boolean);
	return {
		kind: v.kind,
		title: v.texts.en.title,
		description: v.texts.en.description,
		translations,
		plans: v.plans,
		countries: countries.length > 0 ? countries : null,
		hlsSource: v.hlsSource,
		startsAt: orBad(utcInstant(v.startsAt)),
		endsAt: orBad(utcInstant(v.endsAt)),
		position: v.position === '' ? 0 : Number(v.position),
	};
}

/** Saves (creates when `id` is null) or deletes the stream the form names. */
export async function streamFromConsole(
	form: FormData,
	id: string | null,
	actor: Actor,
): Promise<StreamFormResult> {
	const values = formValues(form);
	const failed = (r: { status: number; error: string; fields?: string[] }): StreamFormResult => ({
		ok: false,
		status: r.status,
		error: r.error,
		fields: r.fields ?? [],
		values,
	});
	if (str(form, 'intent') === 'delete' && id !== null) {
		const deleted = await deleteStream(actor, id);
		return deleted.ok ? { ok: true, id: null, intent: 'delete' } : failed(deleted);
	}
	const body = bodyOf(values);
	const parsed =
		id === null ? newStream.safeParse({ id: values.id, ...body }) : streamFields.safeParse(body);
	if (!parsed.success) {
		const fields = [...new Set(fieldProblems(parsed.error.issues).map((p) => p.field))];
		return failed({ status: 400, error: 'invalid_request', fields });
	}
	const saved: EditResult<EditedStream> =
		id === null
			? await createStream(actor, parsed.data as typeof parsed.data & { id: string })
			: await updateStream(actor, id, parsed.data);
	return saved.ok ? { ok: true, id: saved.value.id, intent: 'save' } : failed(saved);
}

/** The plans a stream may name (not `free`: no plans listed already means free). */
export async function choosablePlans(): Promise<string[]> {
	const db = await getDb();
	const rows = await db
		.select({ id: plans.id })
		.from(plans)
		.where(ne(plans.kind, 'free'))
		.orderBy(asc(plans.position), asc(plans.id));
	return rows.map((r) => r.id);
}
