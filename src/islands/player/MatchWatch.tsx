import { useStore } from '@nanostores/react';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { $entitlementsEpoch, watchEntitlements } from '~/stores/entitlements';
import { IDEMPOTENCY_FIELD, newIdempotencyKey } from '~/lib/idempotency';
import type { MatchWatchProps, WatchAccess } from '~/lib/streams/player';
import { Icon } from './icons';

// The player's code is fetched only for a visitor who may watch: most visitors of a match
// centre see the lock, and the page's script budget is better spent on the live score.
const Player = lazy(() => import('./Player'));

type State =
	| { kind: 'locked'; reason: 'login' | 'plan' | 'region' | null }
	| { kind: 'checking' }
	| { kind: 'play'; src: string; captions: string[] };

/**
 * The watch section of a match centre. The page is the same for every visitor (cached), so
 * it is rendered locked, with the match pass form (a plain post: it works without
 * JavaScript); in the browser the island asks the server for this visitor's access and
 * swaps in the player when allowed. Retry after an error asks again (a fresh signed URL).
 */
export default function MatchWatch(props: MatchWatchProps) {
	const { labels, lock } = props;
	const [state, setState] = useState<State>({ kind: 'locked', reason: null });
	const [buyFailed, setBuyFailed] = useState(false);
	// The pass form's Idempotency-Key (issue 28/2): the cached page cannot carry one per
	// visitor, so it is made here, once per showing of the form. A resubmitted form (the
	// browser asking to post again) keeps it and gets the first answer; coming back to the
	// page from history is a new intent and gets a new key.
	const [buyKey, setBuyKey] = useState<string | null>(null);
	useEffect(() => {
		setBuyKey(newIdempotencyKey());
		const renew = (e: PageTransitionEvent) => {
			if (e.persisted) setBuyKey(newIdempotencyKey());
		};
		window.addEventListener('pageshow', renew);
		return () => window.removeEventListener('pageshow', renew);
	}, []);

	const ask = useCallback(async (): Promise<string | null> => {
		try {
			const response = await fetch(props.accessUrl, {
				credentials: 'same-origin',
				headers: { Accept: 'application/json' },
			});
			const access = (await response.json()) as WatchAccess;
			if (response.ok && access.allowed) {
				setState({ kind: 'play', src: access.src, captions: access.captions ?? [] });
				return access.src;
			}
			setState({ kind: 'locked', reason: access.allowed ? 'plan' : access.reason });
		} catch {
			setState({ kind: 'locked', reason: null });
		}
		return null;
	}, [props.accessUrl]);

	useEffect(() => {
		// The pass form came back here with an error (the page is cached: the query is read here).
		setBuyFailed(new URLSearchParams(window.location.search).has('checkout_error'));
		setState({ kind: 'checking' });
		void ask();
		watchEntitlements();
	}, [ask]);

	// A pass or plan bought in another tab: ask again when this one is looked at, and play.
	const epoch = useStore($entitlementsEpoch);
	const locked = state.kind === 'locked';
	useEffect(() => {
		if (epoch > 0 && locked) void ask();
	}, [epoch, locked, ask]);

	const checking = (
		<div className="player player--checking" aria-busy="true">
			<p role="status">{labels.checking}</p>
		</div>
	);
	if (state.kind === 'play')
		return (
			<Suspense fallback={checking}>
				<Player
					src={state.src}
					captions={state.captions}
					labels={labels}
					refresh={ask}
					accessUrl={props.accessUrl}
				/>
			</Suspense>
		);
	if (state.kind === 'checking' || !lock) return checking;
	return (
		<div className="player player--locked watch-lock" data-testid="watch-lock">
			<p className="watch-lock__title">
				<Icon name="lock" /> {labels.lockTitle}
			</p>
			<p>{state.reason === 'region' ? labels.errors.region : lock.message}</p>
			{buyFailed && <p role="alert">{labels.buyFailed}</p>}
			{state.reason !== 'region' && lock.buy && (
				<form method="post" action={lock.buy.action} className="watch-lock__buy">
					{Object.entries(lock.buy.fields).map(([name, value]) => (
						<input key={name} type="hidden" name={name} value={value} />
					))}
					{buyKey && <input type="hidden" name={IDEMPOTENCY_FIELD} value={buyKey} />}
					<button type="submit" className="button">
						{lock.buy.label}
					</button>
					<small>{lock.buy.note}</small>
				</form>
			)}
			{state.reason !== 'region' && lock.alternatives.length > 0 && (
				<ul className="watch-lock__more">
					{lock.alternatives.map((a) => (
						<li key={a.href}>
							<a href={a.href}>{a.label}</a>
						</li>
					))}
				</ul>
			)}
			{/* Before an answer (the server's HTML, a guest's page) the link is offered too. */}
			{(state.reason === 'login' || state.reason === null) && (
				<p>
					<a href={lock.loginHref}>{labels.login}</a>
				</p>
			)}
		</div>
	);
}
