import { useState } from 'react';
import { FORMATIONS, type Formation, formationSlots } from '~/lib/cms/formations';
import type {
	EditorPlayer,
	EditorSide,
	LineupEditorView,
	LineupLabels,
} from '~/lib/cms/lineup-editor';

interface Props {
	view: LineupEditorView;
	labels: LineupLabels;
	sideLabels: { home: string; away: string };
}

interface Row {
	/** A stable React key for a bench row (names may repeat until the server refuses them). */
	id: number;
	name: string;
	shirt: string;
	position?: string | null | undefined;
}

interface SideState {
	include: boolean;
	formation: Formation;
	starters: Row[];
	bench: Row[];
	benchDraft: string;
}

type Notice = { kind: 'ok' | 'error'; text: string; fields: string[] } | null;

const fill = (text: string, vars: Record<string, string | number>) =>
	text.replace(/\{(\w+)\}/g, (m, k: string) => (k in vars ? String(vars[k]) : m));

let rowIds = 0;
const row = (p: EditorPlayer): Row => ({
	id: ++rowIds,
	name: p.name,
	shirt: p.shirtNumber === null || p.shirtNumber === undefined ? '' : String(p.shirtNumber),
	position: p.position ?? null,
});

function initial(side: EditorSide): SideState {
	const c = side.current;
	const starters = Array.from({ length: 11 }, (_, i) =>
		c?.starters[i] ? row(c.starters[i]) : { id: ++rowIds, name: '', shirt: '' },
	);
	return {
		include: true,
		formation: c?.formation ?? '4-4-2',
		starters,
		bench: (c?.bench ?? []).map(row),
		benchDraft: '',
	};
}

/** The surname, clipped to what fits under a dot when `inLine` players share the width. */
const surname = (name: string, inLine: number) => {
	const parts = name.trim().split(/\s+/);
	const last = parts.length > 1 ? parts.slice(1).join(' ') : name.trim();
	const fits = inLine >= 5 ? 6 : inLine === 4 ? 8 : 12;
	return last.length > fits ? `${last.slice(0, fits - 1)}…` : last;
};

/** Keeper, defenders, midfielders, forwards: how "Fill from the squad" picks an eleven. */
const LINE_ORDER = (position: string | null) => {
	const p = (position ?? '').toUpperCase();
	if (p.startsWith('G')) return 0;
	if (p.startsWith('D') || p.endsWith('B')) return 1;
	if (p.startsWith('M')) return 2;
	if (p.startsWith('F') || p.startsWith('A') || p === 'ST') return 3;
	return 4;
};

/**
 * The line-up editor: for each side a formation, eleven slots (pick from the squad through
 * the list, or type any name) and a bench; a pitch preview of the slots. Publishing sends
 * both included sides at once; the server checks everything again (11 starters, nobody
 * twice, a formation from the list) and answers 400 naming the field.
 */
export default function LineupEditor({ view, labels, sideLabels }: Props) {
	const [sides, setSides] = useState({ home: initial(view.home), away: initial(view.away) });
	const [busy, setBusy] = useState(false);
	const [notice, setNotice] = useState<Notice>(null);

	const update = (side: 'home' | 'away', change: (s: SideState) => SideState) =>
		setSides((all) => ({ ...all, [side]: change(all[side]) }));

	const squadShirt = (side: 'home' | 'away', name: string) =>
		view[side].squad.find((p) => p.name === name)?.shirtNumber;

	const setStarter = (side: 'home' | 'away', i: number, patch: Partial<Row>) =>
		update(side, (s) => {
			const starters = s.starters.map((r, j) => {
				if (j !== i) return r;
				const next = { ...r, ...patch };
				// Picked from the squad: its shirt number comes along unless one was typed.
				if (patch.name !== undefined) {
					const shirt = squadShirt(side, patch.name);
					if (shirt !== undefined && shirt !== null) next.shirt = String(shirt);
				}
				return next;
			});
			return { ...s, starters };
		});

	const fillFromSquad = (side: 'home' | 'away') =>
		update(side, (s) => {
			const squad = [...view[side].squad].sort(
				(a, b) =>
					LINE_ORDER(a.position) - LINE_ORDER(b.position) ||
					(a.shirtNumber ?? 999) - (b.shirtNumber ?? 999),
			);
			const keepers = squad.filter((p) => LINE_ORDER(p.position) === 0);
			const outfield = squad.filter((p) => LINE_ORDER(p.position) !== 0);
			const eleven = [...keepers.slice(0, 1), ...outfield.slice(0, 10)];
			const chosen = new Set(eleven.map((p) => p.name));
			return {
				...s,
				starters: Array.from({ length: 11 }, (_, i) =>
					eleven[i] ? row(eleven[i]) : { id: ++rowIds, name: '', shirt: '' },
				),
				bench: squad
					.filter((p) => !chosen.has(p.name))
					.slice(0, 12)
					.map(row),
			};
		});

	const addBench = (side: 'home' | 'away') =>
		update(side, (s) => {
			const name = s.benchDraft.trim();
			if (!name) return s;
			const found = view[side].squad.find((p) => p.name === name);
			return {
				...s,
				benchDraft: '',
				bench: [...s.bench, found ? row(found) : { id: ++rowIds, name, shirt: '' }],
			};
		});

	const toPlayer = (r: Row) => ({
		name: r.name.trim(),
		shirtNumber: r.shirt.trim() === '' ? null : Number(r.shirt),
		...(r.position ? { position: r.position } : {}),
	});

	const publish = async () => {
		const body: Record<string, unknown> = {};
		for (const side of ['home', 'away'] as const) {
			const s = sides[side];
			if (!s.include) continue;
			body[side] = {
				formation: s.formation,
				// Empty slots are sent as they are: the server names the side whose eleven is short.
				starters: s.starters.filter((r) => r.name.trim() !== '').map(toPlayer),
				bench: s.bench.filter((r) => r.name.trim() !== '').map(toPlayer),
			};
		}
		if (Object.keys(body).length === 0) {
			setNotice({ kind: 'error', text: labels.nothing, fields: [] });
			return;
		}
		setBusy(true);
		setNotice(null);
		try {
			const r = await fetch(`/api/cms/matches/${view.matchId}/lineup`, {
				method: 'POST',
				headers: { 'content-type': 'application/json', accept: 'application/json' },
				body: JSON.stringify(body),
			});
			const answer = (await r.json().catch(() => ({}))) as {
				message?: string;
				fields?: string[];
			};
			if (r.status === 201) setNotice({ kind: 'ok', text: labels.published, fields: [] });
			else
				setNotice({
					kind: 'error',
					text: fill(labels.failed, { message: answer.message ?? String(r.status) }),
					fields: answer.fields ?? [],
				});
		} catch (error) {
			setNotice({
				kind: 'error',
				text: fill(labels.failed, { message: (error as Error).message }),
				fields: [],
			});
		} finally {
			setBusy(false);
		}
	};

	const bad = (field: string) =>
		notice?.fields.some((f) => f === field || f.startsWith(`${field}.`)) ?? false;

	return (
		<div className="lineup-editor">
			<div className="lineup-sides">
				{(['home', 'away'] as const).map((side) => {
					const s = sides[side];
					const team = view[side];
					const slots = formationSlots(s.formation);
					const filled = s.starters.filter((r) => r.name.trim() !== '').length;
					const list = `squad-${side}`;
					return (
						<section
							key={side}
							className="lineup-side card"
							aria-labelledby={`lineup-${side}-h`}
							data-testid={`lineup-${side}`}
						>
							<h2 id={`lineup-${side}-h`}>
								<span className="muted">{sideLabels[side]} ·</span> {team.name}
							</h2>
							<label className="check">
								<input
									type="checkbox"
									checked={s.include}
									onChange={(e) => update(side, (x) => ({ ...x, include: e.target.checked }))}
								/>{' '}
								{labels.include}
							</label>
							<div className="row">
								<label>
									{labels.formation}
									<select
										value={s.formation}
										aria-invalid={bad(`${side}.formation`) || undefined}
										onChange={(e) =>
											update(side, (x) => ({ ...x, formation: e.target.value as Formation }))
										}
									>
										{FORMATIONS.map((f) => (
											<option key={f} value={f}>
												{f}
											</option>
										))}
									</select>
								</label>
								{team.squad.length > 0 && (
									<button type="button" className="secondary" onClick={() => fillFromSquad(side)}>
										{labels.fill}
									</button>
								)}
							</div>
							<p className="muted hint">
								{team.squad.length > 0 ? labels.squadHint : labels.noSquad}
							</p>
							<datalist id={list}>
								{team.squad.map((p) => (
									<option key={p.name} value={p.name}>
										{[p.shirtNumber, p.position].filter((x) => x !== null).join(' · ')}
									</option>
								))}
							</datalist>
							<fieldset aria-invalid={bad(`${side}.starters`) || undefined}>
								<legend>
									{labels.starters}{' '}
									<span className="muted">
										{filled < 11 ? fill(labels.missing, { n: filled }) : '11/11'}
									</span>
								</legend>
								<ol className="slots">
									{slots.map((slot, i) => (
										<li key={slot.id}>
											<span className="code" aria-hidden="true">
												{slot.code}
											</span>
											<input
												className="name"
												list={list}
												value={s.starters[i]?.name ?? ''}
												aria-label={`${labels.player} ${i + 1} (${slot.code})`}
												aria-invalid={bad(`${side}.starters.${i}`) || undefined}
												maxLength={120}
												onChange={(e) => setStarter(side, i, { name: e.target.value })}
											/>
											<input
												className="shirt"
												inputMode="numeric"
												pattern="[0-9]{1,2}"
												value={s.starters[i]?.shirt ?? ''}
												aria-label={`${labels.shirt} ${i + 1}`}
												maxLength={2}
												onChange={(e) =>
													setStarter(side, i, { shirt: e.target.value.replace(/\D/g, '') })
												}
											/>
										</li>
									))}
								</ol>
							</fieldset>
							<fieldset aria-invalid={bad(`${side}.bench`) || undefined}>
								<legend>{labels.bench}</legend>
								<ul className="bench">
									{s.bench.map((r, i) => (
										<li key={r.id}>
											<span>
												<span className="muted">{r.shirt}</span> {r.name}
											</span>
											<button
												type="button"
												className="secondary"
												aria-label={`${labels.remove}: ${r.name}`}
												onClick={() =>
													update(side, (x) => ({ ...x, bench: x.bench.filter((_, j) => j !== i) }))
												}
											>
												{labels.remove}
											</button>
										</li>
									))}
								</ul>
								<div className="row">
									<input
										list={list}
										value={s.benchDraft}
										aria-label={`${labels.benchName} (${team.name})`}
										maxLength={120}
										onChange={(e) => update(side, (x) => ({ ...x, benchDraft: e.target.value }))}
										onKeyDown={(e) => {
											if (e.key === 'Enter') {
												e.preventDefault();
												addBench(side);
											}
										}}
									/>
									<button type="button" className="secondary" onClick={() => addBench(side)}>
										{labels.addBench}
									</button>
								</div>
							</fieldset>
							<figure className="preview">
								<figcaption>
									{labels.preview}: {team.name} {s.formation}
								</figcaption>
								<svg
									viewBox="0 0 68 80"
									role="img"
									aria-label={`${team.name} ${s.formation}`}
									data-testid={`lineup-preview-${side}`}
								>
									<rect className="turf" x="0" y="0" width="68" height="80" rx="2" />
									<g className="lines" fill="none">
										<rect x="1.5" y="1.5" width="65" height="77" />
										<rect x="14" y="62" width="40" height="16.5" />
										<rect x="25" y="73" width="18" height="5.5" />
										<path d="M 24.85 1.5 A 9.15 9.15 0 0 0 43.15 1.5" />
									</g>
									{slots.map((slot, i) => {
										const r = s.starters[i];
										const x = (slot.x * 68) / 100;
										const y = (slot.y * 80) / 100;
										return (
											<g key={slot.id} className={r?.name.trim() ? 'dot' : 'dot empty'}>
												<title>
													{r?.name.trim() ? `${slot.code} ${r.name.trim()}` : slot.code}
												</title>
												<circle cx={x} cy={y} r="3" />
												<text className="shirt" x={x} y={y + 1}>
													{r?.shirt || slot.code}
												</text>
												<text className="pname" x={x} y={y + 5.6}>
													{r?.name.trim()
														? surname(r.name, slots.filter((o) => o.y === slot.y).length)
														: ''}
												</text>
											</g>
										);
									})}
								</svg>
							</figure>
						</section>
					);
				})}
			</div>
			<div className="publish">
				<button
					type="button"
					className="button"
					disabled={busy}
					onClick={publish}
					data-testid="lineup-publish"
				>
					{busy ? labels.publishing : labels.publish}
				</button>
				{notice && (
					<p
						className={`notice ${notice.kind}`}
						role={notice.kind === 'ok' ? 'status' : 'alert'}
						data-testid="lineup-result"
					>
						{notice.text}
					</p>
				)}
			</div>
		</div>
	);
}
