import { useStore } from '@nanostores/react';
import { useEffect, useState, type SubmitEvent } from 'react';
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
	/** Shown when the server could not be reached (the page then stays). */
	failedLabel: string;
	/** Where a logout lands (the locale home). */
	target: string;
	/** `logout` (this device) or `logout-all` (every device). */
	intent: 'logout' | 'logout-all';
	testId?: string;
}

/**
 * Logs out through the $auth store: a confirmed logout moves the page to the target; a
 * failed one forgets the session on this page but stays and says the server could not be
 * reached. Without JavaScript the same form posts to the page.
 */
export default function LogoutButton({
	user,
	label,
	failedLabel,
	target,
	intent,
	testId,
}: LogoutButtonProps) {
	const [failed, setFailed] = useState(false);
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
		setFailed(false);
		const ended = await logout(intent === 'logout' ? '/api/auth/logout' : '/api/auth/logout-all');
		setFailed(!ended);
	};

	return (
		<form method="post" onSubmit={onSubmit} className="inline-form">
			<input type="hidden" name="intent" value={intent} />
			<button type="submit" className="button secondary" data-testid={testId}>
				{label}
			</button>
			{failed && (
				<p
					role="alert"
					className="form-error"
					data-testid={testId ? `${testId}-failed` : undefined}
				>
					{failedLabel}
				</p>
			)}
		</form>
	);
}
