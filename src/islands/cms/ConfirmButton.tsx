import { useEffect, useRef, useState } from 'react';

interface Props {
	label: string;
	/** The question of the confirm step ("Confirm “Full time”?"). */
	question: string;
	yes: string;
	keep: string;
	onConfirm: () => void;
	className?: string | undefined;
	testId?: string | undefined;
}

/**
 * A destructive console action asks in place before it acts (issue 28): the button turns
 * into its question with Confirm and Keep, Confirm focused; Keep or Escape puts the button
 * back and focus on it. Plain buttons, so keyboard, touch and screen readers (the question
 * names the group) work alike; no `window.confirm`, which blocks the page and its live
 * updates and which some browsers suppress.
 */
export default function ConfirmButton({
	label,
	question,
	yes,
	keep,
	onConfirm,
	className,
	testId,
}: Props) {
	const [asking, setAsking] = useState(false);
	const yesRef = useRef<HTMLButtonElement>(null);
	const openRef = useRef<HTMLButtonElement>(null);
	const wasAsking = useRef(false);

	useEffect(() => {
		if (asking) yesRef.current?.focus();
		else if (wasAsking.current) openRef.current?.focus();
		wasAsking.current = asking;
	}, [asking]);

	if (!asking)
		return (
			<button
				ref={openRef}
				type="button"
				className={className}
				data-testid={testId}
				onClick={() => setAsking(true)}
			>
				{label}
			</button>
		);
	return (
		<span
			className="confirm-step"
			role="group"
			aria-label={question}
			data-testid={testId ? `${testId}-ask` : undefined}
			onKeyDown={(e) => {
				if (e.key === 'Escape') setAsking(false);
			}}
		>
			<span className="question">{question}</span>
			<button
				ref={yesRef}
				type="button"
				className="danger"
				data-testid="confirm-yes"
				onClick={() => {
					wasAsking.current = false;
					setAsking(false);
					onConfirm();
				}}
			>
				{yes}
			</button>
			<button
				type="button"
				className="secondary"
				data-testid="confirm-keep"
				onClick={() => setAsking(false)}
			>
				{keep}
			</button>
		</span>
	);
}
