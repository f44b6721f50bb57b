import { everyPage } from '../lib/every-page';
import { $entitlementsEpoch, watchEntitlements } from '../stores/entitlements';
import { fetchWatchMarks } from '../stores/watch-marks';

/**
 * Personalises the watch marks of match rows. The rows are cached pages, the same for every
 * visitor, and say only that a match has a stream ("▶ Watch"); this asks the server once per
 * page, for this visitor, which of them play and which need a plan, and turns those into a
 * lock with the plan's name. Without JavaScript, or if the question fails, the marks stay
 * as they are (the match centre decides access anyway). A plan bought in another tab turns
 * them when this one is looked at again (the entitlement store).
 */
async function personalise(): Promise<void> {
	const marks = [...document.querySelectorAll<HTMLElement>('[data-watch-mark]')];
	const ids = [...new Set(marks.map((m) => m.dataset.watchMark).filter(Boolean))];
	if (ids.length === 0) return;
	const answer = await fetchWatchMarks(ids as string[]);
	if (!answer) return;
	for (const mark of marks) {
		const state = answer[mark.dataset.watchMark ?? ''];
		if (!state) continue;
		mark.dataset.state = state.allowed ? 'watch' : 'locked';
		const label = mark.querySelector('[data-label]');
		if (label) label.textContent = state.label;
	}
}

everyPage(() => void personalise());
watchEntitlements();
// `listen`, not `subscribe`: the first question is asked above.
$entitlementsEpoch.listen(() => void personalise());
