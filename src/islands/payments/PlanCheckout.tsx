import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { $checkout, resetCheckout, startCheckout } from '~/stores/payment';
import type { PlanCheckoutProps } from '~/lib/payments/plan-checkout';

export type {
	PlanCheckoutFields,
	PlanCheckoutLabels,
	PlanCheckoutProps,
} from '~/lib/payments/plan-checkout';

/**
 * A plan card's buy button. The server renders it as a plain form posting to
 * /api/checkout (JavaScript off: answered with redirects, its hidden key made at render);
 * hydrated, it posts the same choice as JSON with a key per click and follows the provider
 * redirect, saying on this card what went wrong. The request carries no amount.
 */
export default function PlanCheckout(props: PlanCheckoutProps) {
	const { fields, labels } = props;
	const state = useStore($checkout);
	const mine = state.status !== 'idle' && state.planId === fields.planId;
	const text = mine && state.status === 'pending' ? labels.paying : props.label;
	useEffect(() => {
		// Back from the provider's page (bfcache): the button works again.
		const onShow = (event: PageTransitionEvent) => {
			if (event.persisted) resetCheckout();
		};
		window.addEventListener('pageshow', onShow);
		return () => window.removeEventListener('pageshow', onShow);
	}, []);

	return (
		<form
			method="post"
			action={props.action}
			className="plan-checkout"
			onSubmit={(e) => {
				e.preventDefault();
				void startCheckout({
					planId: fields.planId,
					currency: fields.currency,
					deal: fields.deal ?? null,
					matchId: fields.matchId ? Number(fields.matchId) : null,
					locale: fields.locale,
				});
			}}
		>
			{Object.entries(fields).map(([name, value]) => (
				<input key={name} type="hidden" name={name} value={value} />
			))}
			{/* Every card's button reads alike on screen; its name says which plan it pays. */}
			<button
				type="submit"
				className={props.primary ? 'button' : 'button secondary'}
				disabled={state.status === 'pending'}
				aria-label={`${text}: ${props.planName}`}
			>
				{text}
			</button>
			<p role="status" aria-live="polite" className="plan-checkout__status">
				{mine && state.status === 'error' && (labels.errors[state.error] ?? labels.errors.generic)}
				{mine && state.status === 'login' && (
					<>
						{labels.loginFirst} <a href={props.loginHref}>{labels.login}</a>
					</>
				)}
			</p>
		</form>
	);
}
