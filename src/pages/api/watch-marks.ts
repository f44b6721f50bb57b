import type { APIRoute } from 'astro';
import { z } from 'zod';
import { isLocale } from '~/i18n/locales';
import { useTranslations } from '~/i18n/server';
import { visitorCountry } from '~/server/streams/country';
import { MAX_MARKS, watchMarks } from '~/server/streams/marks';

const query = z
	.string()
	.regex(/^\d{1,9}(,\d{1,9})*$/)
	.transform((s) => s.split(',').map(Number))
	.refine((ids) => ids.length <= MAX_MARKS);

/**
 * GET /api/watch-marks?m=1,2,3&locale=de: for this visitor, whether each match's stream
 * plays or which plan unlocks it, with the mark's words in that language (an unknown locale
 * answers in English). src/scripts/watch-marks.ts personalises the cached pages' marks.
 */
export const GET: APIRoute = async ({ url, locals, request, clientAddress }) => {
	const ids = query.safeParse(url.searchParams.get('m') ?? '');
	if (!ids.success)
		return Response.json(
			{
				error: 'bad_request',
				message: `m must list up to ${MAX_MARKS} match ids, comma-separated`,
				fields: { m: 'invalid' },
			},
			{ status: 400, headers: { 'Cache-Control': 'no-store' } },
		);
	const locale = url.searchParams.get('locale');
	const marks = await watchMarks(
		ids.data,
		locals.user?.id ?? null,
		visitorCountry(clientAddress, request.headers),
		useTranslations(isLocale(locale) ? locale : 'en'),
	);
	return Response.json({ data: marks }, { headers: { 'Cache-Control': 'private, no-store' } });
};
