import type { WatchAccess } from '~/lib/streams/player';
import type { StreamKind, StreamRow } from '../db/schema/streams';
import { streamAccess, type Access } from './access';
import { captionLanguages } from './captions';
import { getStream, listStreams } from './catalogue';
import { paymentsNow as now } from '../clock';
import { ANONYMOUS, playbackUrl } from './signing';

export interface WatchView {
	stream: StreamRow;
	access: Access;
	/** Signed manifest URL, only when access is allowed. */
	src: string | null;
	/** When `src` stops being accepted (seconds since the epoch), null without one. */
	expiresAt: number | null;
	/** Languages of the stream's captions (empty when not allowed). */
	captions: string[];
}

export interface StreamPageView {
	streams: (StreamRow & { free: boolean })[];
	watching: WatchView | null;
}

/** One stream ready for the player: access decided and, if allowed, a URL signed for this viewer. */
export async function watchView(
	userId: string | null,
	stream: StreamRow,
	country: string | undefined,
): Promise<WatchView> {
	const access = await streamAccess(userId, stream, country);
	const signed = access.allowed ? playbackUrl(userId ?? ANONYMOUS, stream.id) : null;
	const src = signed?.url ?? null;
	const captions = src ? await captionLanguages(stream) : [];
	return { stream, access, src, expiresAt: signed?.expiresAt ?? null, captions };
}

/**
 * A catalogue page (/tv, /movies, /highlight, /match-highlight): the list of its kinds and,
 * when `play` names one of them, that stream in the player. Undefined when `play` is unknown.
 */
export async function streamPage(input: {
	kinds: StreamKind[];
	play: string | null;
	userId: string | null;
	country: string | undefined;
}): Promise<StreamPageView | undefined> {
	const streams = (await listStreams(input.kinds)).map((s) => ({
		...s,
		free: s.plans.length === 0,
	}));
	if (!input.play) return { streams, watching: null };
	const stream = await getStream(input.play);
	if (!stream || !input.kinds.includes(stream.kind)) return undefined;
	return { streams, watching: await watchView(input.userId, stream, input.country) };
}

/**
 * GET /api/watch/{stream}: this visitor's access and signed URL; undefined for no such stream.
 * Players also ask it to renew their signed address before it expires: `expiresIn` is counted
 * on the server's clock, so a viewer's wrong clock does not make them renew too late.
 */
export async function watchAccess(
	streamId: string,
	userId: string | null,
	country: string | undefined,
): Promise<WatchAccess | undefined> {
	const stream = await getStream(streamId);
	if (!stream) return undefined;
	const view = await watchView(userId, stream, country);
	return view.access.allowed && view.src
		? {
				allowed: true,
				src: view.src,
				live: stream.kind === 'live',
				captions: view.captions,
				expiresIn: Math.max(0, (view.expiresAt ?? 0) - Math.floor(now() / 1000)),
			}
		: { allowed: false, reason: view.access.allowed ? 'plan' : view.access.reason };
}
