import { useStore } from '@nanostores/react';
import { useEffect, type SubmitEvent } from 'react';
import {
	$auth,
	configureAuth,
	fetchUser,
	hydrateAuth,
	logout,
	needsRenewal,
	type AuthUser,
} from '~/stores/auth';

export interface LogoutButtonProps {
	user: AuthUser;
	label: string;
	/** Where a logout lands (the locale home). */
	target: string;
	/** `logout` (this device) or `logout-all` (every device). */
	intent: 'logout' | 'logout-all';
	testId?: string;
}

/**
 * Logs out through the $auth store (the session resets even if the call fails, and the
 * change of `loggedIn` moves the page). Without JavaScript the same form posts to the page.
 */
export default function LogoutButton({ user, label, target, intent, testId }: LogoutButtonProps) {
	// Subscribing mounts the store, whose loggedIn watcher performs the redirect.
	useStore($auth);
	useEffect(() => {
		configureAuth({ logoutTarget: target });
		hydrateAuth(user);
		// A page kept open past the token's life renews it now (or, with both tokens expired,
		// resets the session, which moves the page to the logout target).
		if (needsRenewal()) fetchUser().catch(() => {});
	}, [user, target]);

	const onSubmit = async (event: SubmitEvent<HTMLFormElement>) => {
		event.preventDefault();
		await logout(intent === 'logout' ? '/api/auth/logout' : '/api/auth/logout-all');
	};

	return (
		<form method="post" onSubmit={onSubmit} className="inline-form">
			<input type="hidden" name="intent" value={intent} />
			<button type="submit" className="button secondary" data-testid={testId}>
				{label}
			</button>
		</form>
	);
}
