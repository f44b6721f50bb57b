import { map } from 'nanostores';
import { $entitlementsEpoch, watchEntitlements } from './entitlements';

/** One match's mark for this visitor: it plays ("Watch"), or the plan that unlocks it. */
export interface WatchMarkState {
	allowed: boolean;
	label: string;
}

/** Marks by match id, for the matches that have a stream (others are absent). */
export const $watchMarks = map<Record<string, WatchMarkState>>({});

/** The server takes at most this many ids in one question (MAX_MARKS). */
const BATCH = 100;

const asked = new Set<string>();

/** The page's locale, from its address: the marks' words come back in it. */
function pageLocale(): string {
	return location.pathname.split('/')[1] ?? '';
}

/**
 * Asks the server, for this visitor, about these matches' streams and returns the answers
 * (undefined when the question failed: marks then stay as they are; the match centre
 * decides access anyway).
 */
export async function fetchWatchMarks(
	ids: readonly string[],
): Promise<Record<string, WatchMarkState> | undefined> {
	const unique = [...new Set(ids)].filter((id) => /^\d{1,9}$/.test(id));
	if (unique.length === 0) return {};
	const answers: Record<string, WatchMarkState> = {};
	for (let i = 0; i < unique.length; i += BATCH) {
		try {
			const m = unique.slice(i, i + BATCH).join(',');
			const res = await fetch(`/api/watch-marks?m=${m}&locale=${pageLocale()}`, {
				credentials: 'same-origin',
			});
			if (!res.ok) return undefined;
			Object.assign(answers, ((await res.json()) as { data: Record<string, WatchMarkState> }).data);
		} catch {
			return undefined;
		}
	}
	return answers;
}

async function ask(ids: readonly string[]): Promise<void> {
	const answers = await fetchWatchMarks(ids);
	if (answers) for (const [id, mark] of Object.entries(answers)) $watchMarks.setKey(id, mark);
}

let following = false;

/**
 * Fills `$watchMarks` for these matches (each asked once per `key`: pass the match's status
 * so a match that gets its stream at kick-off is asked again then). A plan bought in
 * another tab asks again about every match when this one is looked at.
 */
export function wantWatchMarks(matches: readonly { id: string; key: string }[]): void {
	if (typeof window === 'undefined') return;
	const fresh = matches.filter((m) => !asked.has(`${m.id}:${m.key}`));
	if (fresh.length === 0) return;
	for (const m of fresh) asked.add(`${m.id}:${m.key}`);
	void ask(fresh.map((m) => m.id));
	if (following) return;
	following = true;
	watchEntitlements();
	$entitlementsEpoch.listen(() => {
		const ids = [...new Set([...asked].map((k) => k.split(':')[0] as string))];
		void ask(ids);
	});
}
