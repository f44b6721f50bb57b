import { useStore } from '@nanostores/react';
import { useState, type SubmitEvent } from 'react';
import { checkField } from '~/lib/auth-validation';
import { $auth, AuthError, configureAuth, hydrateAuth, login } from '~/stores/auth';

export interface LoginFormProps {
	labels: { email: string; password: string; submit: string };
	messages: Record<string, string>;
	/** The remembered same-site path (already checked on the server), if any. */
	redirect?: string;
	/** The locale home: where a login without a remembered path lands. */
	home: string;
	initialError?: string | null;
}

/**
 * The login form. With JavaScript it logs in through the $auth store (the change of
 * `loggedIn` then moves the page to the remembered path or home); without, the same form
 * posts to the page, which answers with a 303.
 */
export default function LoginForm({
	labels,
	messages,
	redirect,
	home,
	initialError,
}: LoginFormProps) {
	// Subscribing mounts the store, whose loggedIn watcher performs the redirect.
	useStore($auth);
	const [error, setError] = useState<string | null>(initialError ?? null);
	const [busy, setBusy] = useState(false);

	const onSubmit = async (event: SubmitEvent<HTMLFormElement>) => {
		event.preventDefault();
		const data = new FormData(event.currentTarget);
		const email = String(data.get('email') ?? '');
		const password = String(data.get('password') ?? '');
		const problem = checkField('email', email) ?? checkField('password', password);
		if (problem) return setError(messages[problem] ?? messages['unknown'] ?? '');
		setBusy(true);
		setError(null);
		configureAuth({ home });
		hydrateAuth(null);
		try {
			await login(email, password);
		} catch (failure) {
			const code = failure instanceof AuthError ? failure.message : 'network';
			setError(messages[code] ?? messages['unknown'] ?? '');
			setBusy(false);
		}
	};

	return (
		<form
			method="post"
			onSubmit={onSubmit}
			noValidate
			className="auth-form"
			data-testid="login-form"
		>
			{redirect && <input type="hidden" name="redirect" value={redirect} />}
			<div className="field">
				<label htmlFor="login-email">{labels.email}</label>
				<input id="login-email" name="email" type="email" autoComplete="username" required />
			</div>
			<div className="field">
				<label htmlFor="login-password">{labels.password}</label>
				<input
					id="login-password"
					name="password"
					type="password"
					autoComplete="current-password"
					required
				/>
			</div>
			{error && (
				<p className="form-error" role="alert">
					{error}
				</p>
			)}
			<button type="submit" className="button" disabled={busy}>
				{labels.submit}
			</button>
		</form>
	);
}
