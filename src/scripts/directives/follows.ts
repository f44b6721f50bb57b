import type { ClientDirective } from 'astro';
import { mayHaveFollows } from '../../lib/visitor-hints';

/**
 * `client:follows`: for an island whose server HTML is already right for a visitor who
 * follows nothing ("My matches" and its empty state). It hydrates when this browser holds a
 * guest's follows or a member's session, and not at all otherwise: a first visit does not
 * load the follow store. A page reached by client navigation runs this again, so following
 * a team and then opening home fills the list.
 */
const follows: ClientDirective = (load) => {
	let storage: Storage | null = null;
	try {
		storage = localStorage;
	} catch {
		// Blocked storage: nothing stored.
	}
	if (mayHaveFollows(storage, document.cookie, Date.now()))
		void load().then((hydrate) => hydrate());
};

export default follows;
