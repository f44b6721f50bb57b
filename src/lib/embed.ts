/**
 * The embeddable widgets (`/{locale}/embed/{kind}/…`): which kinds exist, what each one's
 * query string may hold, and the framing rule. Shared by the embed routes, the builder
 * (`/widget`), the middleware, the production front and the widgets' own scripts, so it
 * holds no zod (their parameters: ./embed-params.ts). Pure: no I/O, no configuration.
 */

export const EMBED_KINDS = ['scores', 'match', 'table', 'fixtures', 'form', 'lineup'] as const;
export type EmbedKind = (typeof EMBED_KINDS)[number];

/** Kinds that follow the live stream (their budget is larger: they carry the live script). */
export const LIVE_KINDS: readonly EmbedKind[] = ['scores', 'match'];

export const THEMES = ['auto', 'light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];

/** The site's green (light theme): the builder's colour input starts at it, and it means "none". */
export const DEFAULT_ACCENT = '0b7a3e';

/** True for `/{anything}/embed` and below: the only pages other sites may frame. */
export function isEmbedPath(pathname: string): boolean {
	return /^\/[^/]+\/embed(\/|$)/.test(pathname);
}

/** The CSP `frame-ancestors` of a page: embeds by anyone (or the listed sites), others by none. */
export function frameAncestors(embed: boolean, allowed: readonly string[]): string {
	if (!embed) return "frame-ancestors 'none'";
	return allowed.length > 0 ? `frame-ancestors ${allowed.join(' ')}` : 'frame-ancestors *';
}

/** The message an embed posts to its host page (the loader resizes the frame with it). */
export const EMBED_MESSAGE = 'matchday:embed-height';

/**
 * The widget's path and query for a choice (without origin); `null` when the choice lacks
 * its subject (a match id, a competition or a team).
 */
export function embedPath(
	locale: string,
	c: {
		kind: EmbedKind;
		match?: string | undefined;
		competition?: string | undefined;
		team?: string | undefined;
		season?: string | undefined;
		group?: string | undefined;
		theme: Theme;
		accent?: string | undefined;
	},
): string | null {
	const q = new URLSearchParams();
	let path: string;
	switch (c.kind) {
		case 'match':
		case 'lineup':
			if (!c.match) return null;
			path = `${c.kind}/${c.match}`;
			break;
		case 'table':
			if (!c.competition) return null;
			path = `table/${c.competition}`;
			if (c.season) q.set('season', c.season);
			if (c.group) q.set('group', c.group);
			if (c.team) q.set('team', c.team);
			break;
		case 'form':
			if (!c.team) return null;
			path = `form/${c.team}`;
			break;
		case 'fixtures':
			if (!c.team && !c.competition) return null;
			path = 'fixtures';
			if (c.team) q.set('team', c.team);
			else if (c.competition) q.set('competition', c.competition);
			break;
		default:
			path = 'scores';
			if (c.team) q.set('team', c.team);
			else if (c.competition) q.set('competition', c.competition);
	}
	if (c.theme !== 'auto') q.set('theme', c.theme);
	if (c.accent) q.set('accent', c.accent);
	const query = q.toString();
	return `/${locale}/embed/${path}${query ? `?${query}` : ''}`;
}

/** The code a site owner pastes: the frame (works alone) and our loader (sizes it). */
export function embedSnippet(origin: string, path: string, width: number, title: string): string {
	const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
	return (
		`<iframe src="${esc(origin + path)}" title="${esc(title)}" loading="lazy" ` +
		`style="border:0;width:100%;max-width:${width}px;height:420px"></iframe>\n` +
		`<script src="${esc(origin)}/embed.js" async></script>`
	);
}

/**
 * Whether a builder field marked `data-for="kind kind…"` applies to the chosen kind. The
 * server renders the form with it (fields that do not apply start hidden, so nothing moves
 * when the script starts) and the builder's script applies it as the kind changes.
 */
export function builderFieldShown(kind: string | undefined, forKinds: string): boolean {
	return forKinds.split(' ').includes(kind || 'lineup');
}
