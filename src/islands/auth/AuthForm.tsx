import { useState, type SubmitEvent } from 'react';
import { checkField, type AuthField } from '~/lib/auth-validation';

export type { AuthField };

export interface AuthFormProps {
	/** Fields shown, in order. */
	fields: AuthField[];
	/** Hidden inputs (intent, token, redirect). */
	hidden?: Record<string, string>;
	submit: string;
	/** Translated `auth:errors.*` messages by code (only the ones this form can show). */
	messages: Record<string, string>;
	/** Where the form posts; the page itself by default. */
	action?: string;
	danger?: boolean;
	testId?: string;
}

/**
 * A plain HTML form (works with JavaScript off: the browser posts it and the server answers
 * with a redirect) that, once hydrated, checks each field as it is typed and blocks a submit
 * that would fail anyway.
 */
export default function AuthForm({
	fields,
	hidden = {},
	submit,
	messages,
	action,
	danger,
	testId,
}: AuthFormProps) {
	const [errors, setErrors] = useState<Record<string, string | null>>({});
	const [touched, setTouched] = useState<Record<string, boolean>>({});
	const [busy, setBusy] = useState(false);

	const check = (field: AuthField, value: string) => {
		const code = checkField(field.rule, value);
		setErrors((e) => ({ ...e, [field.name]: code }));
		return code;
	};

	const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
		const data = new FormData(event.currentTarget);
		let failed = false;
		for (const field of fields) if (check(field, String(data.get(field.name) ?? ''))) failed = true;
		setTouched(Object.fromEntries(fields.map((f) => [f.name, true])));
		if (failed) event.preventDefault();
		else setBusy(true);
	};

	return (
		<form
			method="post"
			action={action}
			onSubmit={onSubmit}
			noValidate
			className="auth-form"
			data-testid={testId}
		>
			{Object.entries(hidden).map(([name, value]) => (
				<input key={name} type="hidden" name={name} value={value} />
			))}
			{fields.map((field) => {
				const code = touched[field.name] ? errors[field.name] : null;
				const id = `${testId ?? 'f'}-${field.name}`;
				return (
					<div className="field" key={field.name}>
						<label htmlFor={id}>{field.label}</label>
						<input
							id={id}
							name={field.name}
							type={field.type}
							autoComplete={field.autoComplete}
							defaultValue={field.defaultValue}
							required
							aria-invalid={code ? true : undefined}
							aria-describedby={code ? `${id}-error` : field.hint ? `${id}-hint` : undefined}
							onChange={(e) => touched[field.name] && check(field, e.currentTarget.value)}
							onBlur={(e) => {
								setTouched((t) => ({ ...t, [field.name]: true }));
								check(field, e.currentTarget.value);
							}}
						/>
						{field.hint && !code && (
							<small id={`${id}-hint`} className="hint">
								{field.hint}
							</small>
						)}
						{code && (
							<small id={`${id}-error`} className="field-error" role="alert">
								{messages[code] ?? messages['unknown']}
							</small>
						)}
					</div>
				);
			})}
			<button type="submit" className={danger ? 'button danger' : 'button'} disabled={busy}>
				{submit}
			</button>
		</form>
	);
}
