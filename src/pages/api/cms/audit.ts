import type { APIRoute } from 'astro';
import { json, methodNotAllowed } from '~/server/auth/http';
import { auditPage, parseAuditQuery } from '~/server/cms/audit';
import { invalidFields } from '~/server/cms/fields';
import { staffActor } from '~/server/cms/guard';

/** GET /api/cms/audit?actor=&action=&target=&before=: the audit log, newest first (admins). */
export const GET: APIRoute = async ({ request, url, locals }) => {
	const actor = staffActor(request, locals, 'audit.read');
	if (!actor.ok) return actor.response;
	const query = parseAuditQuery(url.searchParams);
	if (!query.ok) return invalidFields(query.issues);
	const { rows, next } = await auditPage(query.filter);
	return json(200, { data: rows, next });
};

export const ALL: APIRoute = () => methodNotAllowed('GET');
