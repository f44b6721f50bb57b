/**
 * The console's news form: one POST carries the article (slug, author, image and each
 * locale's title, summary, body, image text) and what to do (save, publish, schedule,
 * unpublish), optionally with an image file. A locale whose fields are all empty has no
 * version; English is required.
 */
import { z } from 'zod';
import { LOCALES, type Locale } from '~/i18n/locales';
import { now } from '../clock';
import { storeNewsImage } from './images';
import {
	type Article,
	changeState,
	createArticle,
	type NewsActor,
	type NewsResult,
	updateArticle,
} from './store';
import { type ArticleInput, articleInput, NEWS_ACTIONS } from './validate';

export const FORM_INTENTS = ['save', ...NEWS_ACTIONS] as const;
const intentField = z.enum(FORM_INTENTS);

export interface FormValues {
	slug: string;
	author: string;
	image: string;
	publishAt: string;
	translations: Partial<
		Record<Locale, { title: string; summary: string; body: string; imageAlt: string }>
	>;
}

export type NewsFormResult =
	| { ok: true; article: Article; intent: (typeof FORM_INTENTS)[number] }
	| { ok: false; status: number; message: string; fields: string[]; values: FormValues };

const str = (form: FormData, name: string) => {
	const v = form.get(name);
	return typeof v === 'string' ? v : '';
};

/** What the form sent, as typed (to show again with the error). */
export function formValues(form: FormData): FormValues {
	const translations: FormValues['translations'] = {};
	for (const l of LOCALES) {
		const t = {
			title: str(form, `title_${l}`),
			summary: str(form, `summary_${l}`),
			body: str(form, `body_${l}`).replace(/\r\n/g, '\n'),
			imageAlt: str(form, `imageAlt_${l}`),
		};
		if (l === 'en' || Object.values(t).some((v) => v.trim() !== '')) translations[l] = t;
	}
	return {
		slug: str(form, 'slug').trim(),
		author: str(form, 'author').trim(),
		image: str(form, 'image').trim(),
		publishAt: str(form, 'publishAt'),
		translations,
	};
}

/** The form's values as the API's input (the same validator for both). */
export function inputOf(v: FormValues) {
	return articleInput.safeParse({
		slug: v.slug,
		author: v.author || undefined,
		image: v.image || null,
		translations: Object.fromEntries(
			Object.entries(v.translations).map(([l, t]) => [
				l,
				{ ...t, imageAlt: t.imageAlt.trim() || undefined },
			]),
		),
	});
}

/**
 * `datetime-local` has no zone: the form says which one it means (the browser's offset in
 * minutes, sent beside it by the page's script; UTC without it).
 */
export function parseLocalInstant(value: string, offsetMinutes: number): Date | undefined {
	const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value);
	if (!m) return undefined;
	const utc = Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!);
	return Number.isNaN(utc) ? undefined : new Date(utc + offsetMinutes * 60_000);
}

/** Saves the article (new when `id` is null) and applies the intent. */
export async function newsFromConsole(
	form: FormData,
	id: number | null,
	actor: NewsActor,
): Promise<NewsFormResult> {
	const values = formValues(form);
	const fail = (status: number, message: string, fields: string[] = []): NewsFormResult => ({
		ok: false,
		status,
		message,
		fields,
		values,
	});
	const intent = intentField.safeParse(form.get('intent'));
	if (!intent.success) return fail(400, 'Invalid field "intent"', ['intent']);
	const file = form.get('upload');
	if (file instanceof File && file.size > 0) {
		const stored = await storeNewsImage(new Uint8Array(await file.arrayBuffer()), actor);
		if (!stored.ok) return fail(stored.status, stored.message, ['upload']);
		values.image = stored.file;
	}
	const parsed = inputOf(values);
	if (!parsed.success) {
		const issue = parsed.error.issues[0]!;
		const field = issue.path.join('.');
		return fail(400, `Invalid field "${field}": ${issue.message}`, [field]);
	}
	const input: ArticleInput = parsed.data;
	// The instant is checked before saving, so a new article is not saved twice over a typo.
	const offset = Number(str(form, 'tzOffset'));
	const at =
		intent.data === 'schedule'
			? parseLocalInstant(
					values.publishAt,
					Number.isInteger(offset) && Math.abs(offset) <= 900 ? offset : 0,
				)
			: undefined;
	if (intent.data === 'schedule' && (!at || at.getTime() <= now()))
		return fail(400, 'Invalid field "publishAt": must be a future date and time', ['publishAt']);
	let saved: NewsResult<Article> =
		id === null ? await createArticle(input, actor) : await updateArticle(id, input, actor);
	if (!saved.ok) return fail(saved.status, saved.message, saved.fields ?? []);
	if (intent.data !== 'save') {
		saved = await changeState(saved.value.id, intent.data, actor, at);
		if (!saved.ok) return fail(saved.status, saved.message, saved.fields ?? []);
	}
	return { ok: true, article: saved.value, intent: intent.data };
}

/** The form's values for an existing article (or an empty one). */
export function articleValues(a?: Article): FormValues {
	const translations: FormValues['translations'] = {};
	for (const l of LOCALES) {
		const t = a?.translations[l];
		if (t || l === 'en')
			translations[l] = {
				title: t?.title ?? '',
				summary: t?.summary ?? '',
				body: t?.body ?? '',
				imageAlt: t?.imageAlt ?? '',
			};
	}
	return {
		slug: a?.slug ?? '',
		author: a?.author ?? '',
		image: a?.image ?? '',
		publishAt: '',
		translations,
	};
}

/** The translation key of what went wrong, for the editor (the API's message is English). */
export function problemKey(result: { status: number; fields: string[] }): string {
	const field = result.fields[0] ?? '';
	if (result.status === 413) return 'cms:news.problems.tooLarge';
	if (result.status === 415) return 'cms:news.problems.badImage';
	if (result.status === 404) return 'cms:news.problems.notFound';
	if (result.status === 409 && field === 'slug') return 'cms:news.problems.slugTaken';
	if (result.status === 409) return 'cms:news.problems.transition';
	if (field === 'publishAt') return 'cms:news.problems.publishAt';
	if (field === 'slug') return 'cms:news.problems.slug';
	if (field.startsWith('translations.en')) return 'cms:news.problems.english';
	if (field.startsWith('translations.')) return 'cms:news.problems.version';
	return 'cms:news.problems.invalid';
}
