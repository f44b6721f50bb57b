import type { ClientDirective } from 'astro';
import { hasMemberSession } from '../../lib/visitor-hints';

/**
 * `client:member`: hydrates only where a member is signed in. For an island whose server
 * HTML is already what a guest gets (the watch section's lock, with its log-in link and
 * the match pass form, a plain post): a guest's page does not load it.
 */
const member: ClientDirective = (load) => {
	if (hasMemberSession(document.cookie, Date.now())) void load().then((hydrate) => hydrate());
};

export default member;
