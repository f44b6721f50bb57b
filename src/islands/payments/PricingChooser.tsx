import { useStore } from '@nanostores/react';
import { useId, useState } from 'react';
import { $checkout, startCheckout } from '~/stores/payment';
import type { PricingChooserProps } from '~/lib/payments/pricing-chooser';

export type {
	ChooserLabels,
	ChooserPlan,
	PricingChooserProps,
} from '~/lib/payments/pricing-chooser';

/**
 * Plan, currency and offer code, then "pay": posts to our checkout API and follows the
 * provider redirect. Prices shown are the server's; the request carries no amount.
 */
export default function PricingChooser(props: PricingChooserProps) {
	const { labels } = props;
	const state = useStore($checkout);
	const [planId, setPlanId] = useState(
		props.initialPlan ?? props.plans.find((p) => !p.needsMatch)?.id ?? '',
	);
	const [currency, setCurrency] = useState(props.currency);
	const [deal, setDeal] = useState(props.deal ?? '');
	const id = useId();
	const plan = props.plans.find((p) => p.id === planId);
	const blocked = !plan || (plan.needsMatch && props.matchId === null);

	const applyDeal = () => {
		const url = new URL(window.location.href);
		url.searchParams.set('currency', currency);
		if (deal.trim()) url.searchParams.set('deal', deal.trim());
		else url.searchParams.delete('deal');
		window.location.assign(url.toString());
	};

	return (
		<form
			className="pricing-chooser"
			aria-label={labels.label}
			onSubmit={(e) => {
				e.preventDefault();
				if (blocked) return;
				void startCheckout({
					planId,
					currency,
					deal: props.deal,
					matchId: props.matchId,
					locale: props.locale,
				});
			}}
		>
			<fieldset>
				<legend>{labels.plan}</legend>
				{props.plans.map((p) => (
					<label key={p.id} className="pricing-chooser__plan">
						<input
							type="radio"
							name="plan"
							value={p.id}
							checked={planId === p.id}
							onChange={() => setPlanId(p.id)}
						/>
						<span>{p.name}</span> <strong>{p.prices[currency]}</strong>
					</label>
				))}
			</fieldset>
			<label htmlFor={`${id}-currency`}>{labels.currency}</label>
			<select id={`${id}-currency`} value={currency} onChange={(e) => setCurrency(e.target.value)}>
				{props.currencies.map((c) => (
					<option key={c} value={c}>
						{c}
					</option>
				))}
			</select>
			<label htmlFor={`${id}-deal`}>{labels.deal}</label>
			<span className="pricing-chooser__deal">
				<input
					id={`${id}-deal`}
					value={deal}
					maxLength={40}
					onChange={(e) => setDeal(e.target.value)}
				/>
				<button type="button" onClick={applyDeal}>
					{labels.applyDeal}
				</button>
			</span>
			{plan?.needsMatch && props.matchId === null && <p>{labels.matchHint}</p>}
			<button type="submit" className="button" disabled={blocked || state.status === 'pending'}>
				{state.status === 'pending' ? labels.paying : labels.pay}
			</button>
			<p role="status" aria-live="polite">
				{state.status === 'error' && (labels.errors[state.error] ?? labels.errors.generic)}
				{state.status === 'login' && (
					<>
						{labels.loginFirst} <a href={props.loginHref}>{labels.login}</a>
					</>
				)}
			</p>
		</form>
	);
}
