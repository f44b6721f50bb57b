/**
 * A local draft of a console form, kept until the server confirms the save (issue 28,
 * "nothing typed is lost"): a refused post, a lost connection, a closed tab or a logout
 * loses nothing. Driven by data attributes (components/cms/DraftNote.astro writes the note):
 *
 * - `data-draft-key` on the form names the form and the record (`fixture:new`, `fixture:123`);
 * - `data-saved` on the form: the post that led to this page was saved, so the draft this tab
 *   sent (remembered in sessionStorage) is spent, when it belongs to the same kind of form;
 * - `[data-draft-note]` inside the form, with `data-msg-restored` ("… {{time}} …"), a `<span>`
 *   for the text and a `[data-draft-discard]` button; `data-draft-owner` keeps one staff
 *   member's drafts from another on a shared device.
 *
 * Never stored: passwords, one-time codes, files, and hidden fields (idempotency keys, CSRF
 * tokens, the intent) unless marked `data-draft-keep`; any field marked `data-draft-skip`.
 */

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;
interface Draft {
	at: number;
	values: Record<string, string>;
}
export interface DraftOptions {
	/** After a draft is put back or thrown away (the news form shows its image again). */
	onRestore?: (form: HTMLFormElement) => void;
}

const SENT = 'form-draft-sent';
const NEVER_TYPES = new Set(['file', 'submit', 'button', 'reset', 'image', 'password']);
const SECRET_NAME = /pass(word|phrase)|secret|token|csrf|idempotency|otp/i;
const SECRET_AUTOCOMPLETE = /password|one-time-code/;

const storage = {
	get: (key: string) => {
		try {
			return localStorage.getItem(key);
		} catch {
			return null; // Storage off (private mode, policy): no draft, the form still works.
		}
	},
	set: (key: string, value: string | null) => {
		try {
			if (value === null) localStorage.removeItem(key);
			else localStorage.setItem(key, value);
		} catch {
			// Full or off: the draft is a safety net, never a reason to fail typing.
		}
	},
};
const session = {
	take: (): string | null => {
		try {
			const key = sessionStorage.getItem(SENT);
			sessionStorage.removeItem(SENT);
			return key;
		} catch {
			return null;
		}
	},
	put: (key: string) => {
		try {
			sessionStorage.setItem(SENT, key);
		} catch {
			// No session storage: a save still works, its draft is offered once more.
		}
	},
};

/**
 * The draft this tab sent last, read once per page (a client-side swap is a new body) and
 * forgotten at once: the page after a post is the only one that may spend it.
 */
const sentPerPage = new WeakMap<HTMLElement, string | null>();
function sentDraft(): string | null {
	const body = document.body;
	if (!sentPerPage.has(body)) sentPerPage.set(body, session.take());
	return sentPerPage.get(body) ?? null;
}

/** What a draft holds: every named field the person types into, never a secret. */
function draftFields(form: HTMLFormElement): Field[] {
	return [...form.querySelectorAll<Field>('input[name], textarea[name], select[name]')].filter(
		(f) => {
			if (f.disabled || f.hasAttribute('data-draft-skip') || SECRET_NAME.test(f.name)) return false;
			if (SECRET_AUTOCOMPLETE.test(f.getAttribute('autocomplete') ?? '')) return false;
			if (f instanceof HTMLInputElement) {
				if (NEVER_TYPES.has(f.type)) return false;
				if (f.type === 'hidden') return f.hasAttribute('data-draft-keep');
			}
			return true;
		},
	);
}

const isCheck = (f: Field): f is HTMLInputElement =>
	f instanceof HTMLInputElement && (f.type === 'checkbox' || f.type === 'radio');
/** Checkboxes of one name (a plan list) each hold their own place in the draft. */
const slot = (f: Field) => (isCheck(f) ? `${f.name}=${f.value}` : f.name);
function read(f: Field): string {
	if (isCheck(f)) return f.checked ? '1' : '';
	if (f instanceof HTMLSelectElement && f.multiple)
		return [...f.selectedOptions].map((o) => o.value).join('\n');
	return f.value;
}
function write(f: Field, value: string) {
	if (isCheck(f)) f.checked = value === '1';
	else if (f instanceof HTMLSelectElement && f.multiple) {
		const chosen = new Set(value.split('\n'));
		for (const o of f.options) o.selected = chosen.has(o.value);
	} else f.value = value;
}
/** As the page sent it (not as the browser may have refilled it). */
function initial(f: Field): string {
	if (isCheck(f)) return f.defaultChecked ? '1' : '';
	if (f instanceof HTMLSelectElement) {
		const chosen = [...f.options].filter((o) => o.defaultSelected);
		if (f.multiple) return chosen.map((o) => o.value).join('\n');
		return (chosen.at(-1) ?? f.options[0])?.value ?? '';
	}
	return f.defaultValue;
}

function readDraft(key: string): Draft | null {
	try {
		const draft = JSON.parse(storage.get(key) ?? 'null');
		return draft && typeof draft.at === 'number' && typeof draft.values === 'object' ? draft : null;
	} catch {
		storage.set(key, null);
		return null;
	}
}

/** `fixture:123` → `fixture`: a save spends the draft it was sent from (`fixture:new`). */
const kind = (key: string) => key.slice(0, key.lastIndexOf(':') + 1);

const kept = new WeakSet<HTMLFormElement>();

/** Keeps `form`'s draft: restores it with the note, saves it as typed, spends it once saved. */
export function keepDraft(form: HTMLFormElement, options: DraftOptions = {}): void {
	const name = form.dataset.draftKey;
	if (!name || kept.has(form)) return;
	kept.add(form);
	const note = form.querySelector<HTMLElement>('[data-draft-note]');
	const owner = note?.dataset.draftOwner;
	const key = `form-draft:${owner ? `${owner}:` : ''}${name}`;
	// Hidden fields kept in a draft change their default with their value: noted before any change.
	const defaults = new Map<Field, string>(draftFields(form).map((f) => [f, initial(f)]));
	const startOf = (f: Field) => defaults.get(f) ?? initial(f);
	const sent = sentDraft();
	if (form.dataset.saved !== undefined && sent && kind(sent) === kind(key)) {
		// Saved: the draft it was sent from (this record's, or `new`'s) is spent.
		storage.set(sent, null);
	} else {
		const draft = readDraft(key);
		const fields = draftFields(form);
		const differs =
			draft && fields.some((f) => slot(f) in draft.values && draft.values[slot(f)] !== read(f));
		if (draft && differs) {
			for (const f of fields) {
				const value = draft.values[slot(f)];
				if (value === undefined || value === read(f)) continue;
				write(f, value);
				f.closest('details')?.setAttribute('open', '');
				f.dispatchEvent(new Event('input', { bubbles: true })); // a live preview follows
			}
			options.onRestore?.(form);
			const text = note?.querySelector('span');
			if (note && text) {
				const time = new Date(draft.at).toLocaleString(document.documentElement.lang || undefined, {
					dateStyle: 'medium',
					timeStyle: 'short',
				});
				text.textContent = (note.dataset.msgRestored ?? '').replace('{{time}}', time);
				note.hidden = false;
			}
		}
	}
	note?.querySelector('[data-draft-discard]')?.addEventListener('click', () => {
		storage.set(key, null);
		for (const f of draftFields(form)) {
			write(f, startOf(f));
			f.dispatchEvent(new Event('input', { bubbles: true }));
		}
		options.onRestore?.(form);
		note.hidden = true;
	});
	let timer: ReturnType<typeof setTimeout> | undefined;
	const save = () => {
		clearTimeout(timer);
		timer = undefined;
		const fields = draftFields(form);
		const changed = fields.some((f) => read(f) !== startOf(f));
		const values = Object.fromEntries(fields.map((f) => [slot(f), read(f)]));
		storage.set(key, changed ? JSON.stringify({ at: Date.now(), values } satisfies Draft) : null);
	};
	const later = () => {
		clearTimeout(timer);
		timer = setTimeout(save, 300);
	};
	form.addEventListener('input', later);
	form.addEventListener('change', later);
	// The last keystrokes before a reload or a closed tab, inside the pause, are kept too.
	window.addEventListener('pagehide', () => {
		if (timer !== undefined) save();
	});
	// A script that sets a field itself (an uploaded image's name) asks for a save.
	form.addEventListener('draft-save', save);
	form.addEventListener('submit', () => {
		save();
		// Kept until the page after the post confirms the save: a refused post keeps it.
		session.put(key);
	});
}

/** Every form on the page with a `data-draft-key`, but those whose own script calls keepDraft. */
export function keepDrafts(root: ParentNode = document): void {
	for (const form of root.querySelectorAll<HTMLFormElement>(
		'form[data-draft-key]:not([data-draft-manual])',
	))
		keepDraft(form);
}
