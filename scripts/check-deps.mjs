#!/usr/bin/env node
/**
 * `npm run check:deps`: fails when a dependency runs the wrong way.
 *
 * The rules are those of .dependency-cruiser.cjs, applied by dependency-cruiser to every
 * TypeScript and JavaScript module under src/. Two things it cannot do alone are added here:
 *  - .astro files: dependency-cruiser has no Astro parser, so their imports (frontmatter
 *    and <script> blocks) are read here and checked against the same rules;
 *  - folder cycles: the feature folders under src/server/ must not import each other in a
 *    circle even when no single module cycle exists (football → live → football).
 *
 * Also exported as `checkDependencies(root)` for the test suite.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { cruise } from 'dependency-cruiser';
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config';

const EXTENSIONS = ['.ts', '.tsx', '.mjs', '.js', '.astro', '.json'];
const posix = (path) => path.split(sep).join('/');

/** Every file under `dir` whose name ends with `suffix`. */
function filesUnder(dir, suffix) {
	const out = [];
	for (const name of readdirSync(dir)) {
		const path = join(dir, name);
		if (statSync(path).isDirectory()) out.push(...filesUnder(path, suffix));
		else if (name.endsWith(suffix)) out.push(path);
	}
	return out;
}

/** The import specifiers of an .astro file: its frontmatter and its <script> blocks. */
export function astroImports(source) {
	const blocks = [];
	const front = /^---\r?\n([\s\S]*?)\r?\n---/.exec(source);
	if (front) blocks.push(front[1]);
	for (const m of source.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)) blocks.push(m[1]);
	const specifiers = [];
	const pattern =
		/\bimport\s+(?:type\s+)?(?:[\w*{}\s,$]+\s+from\s+)?['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;
	for (const block of blocks) {
		for (const m of block.matchAll(pattern)) specifiers.push(m[1] ?? m[2]);
	}
	return specifiers;
}

/** Resolves a specifier from `fromFile` to a path relative to `root`, or null (a package). */
function resolveLocal(root, fromFile, specifier) {
	let base;
	if (specifier.startsWith('~/')) base = join(root, 'src', specifier.slice(2));
	else if (specifier.startsWith('.')) base = resolve(dirname(fromFile), specifier);
	else return null;
	base = base.replace(/\?.*$/, '');
	const candidates = [
		base,
		...EXTENSIONS.map((e) => base + e),
		...EXTENSIONS.map((e) => join(base, `index${e}`)),
	];
	const found = candidates.find((c) => existsSync(c) && statSync(c).isFile());
	return posix(relative(root, found ?? base));
}

function matches(pattern, path) {
	return pattern === undefined || new RegExp(pattern).test(path);
}

/** Whether an edge breaks one of the path rules (cycle rules are dependency-cruiser's). */
function brokenRules(rules, from, to) {
	return rules.filter(
		(rule) =>
			!rule.to.circular &&
			matches(rule.from.path, from) &&
			!(rule.from.pathNot && matches(rule.from.pathNot, from)) &&
			matches(rule.to.path, to) &&
			!(rule.to.pathNot && matches(rule.to.pathNot, to)),
	);
}

/** The folder a server module belongs to (`server/live`), or the shared module itself. */
function serverUnit(path) {
	const m = /^src\/server\/([^/]+)(\/)?/.exec(path);
	if (!m) return null;
	return m[2] ? `server/${m[1]}/` : `server/${m[1]}`;
}

/** Strongly connected components with more than one member (Tarjan). */
function cycles(graph) {
	let index = 0;
	const stack = [];
	const info = new Map();
	const found = [];
	const visit = (v) => {
		info.set(v, { index, low: index, onStack: true });
		index++;
		stack.push(v);
		for (const w of graph.get(v) ?? []) {
			if (!info.has(w)) {
				visit(w);
				info.get(v).low = Math.min(info.get(v).low, info.get(w).low);
			} else if (info.get(w).onStack) {
				info.get(v).low = Math.min(info.get(v).low, info.get(w).index);
			}
		}
		if (info.get(v).low === info.get(v).index) {
			const component = [];
			let w;
			do {
				w = stack.pop();
				info.get(w).onStack = false;
				component.push(w);
			} while (w !== v);
			if (component.length > 1) found.push(component.sort());
		}
	};
	for (const v of graph.keys()) if (!info.has(v)) visit(v);
	return found;
}

/**
 * Checks the tree at `root` (it holds src/ and .dependency-cruiser.cjs) and returns the
 * violations, each a line of text; none means the dependencies run one way.
 */
export async function checkDependencies(root = process.cwd()) {
	root = resolve(root);
	const config = createRequire(import.meta.url)(join(root, '.dependency-cruiser.cjs'));
	const rules = config.forbidden;
	const tsConfigPath = join(root, 'tsconfig.json');
	const previous = process.cwd();
	process.chdir(root); // dependency-cruiser reports paths relative to the working directory.
	let result;
	try {
		result = await cruise(
			['src'],
			{
				...config.options,
				ruleSet: { forbidden: rules },
				validate: true,
				tsConfig: existsSync(tsConfigPath) ? { fileName: tsConfigPath } : undefined,
			},
			{ extensions: EXTENSIONS },
			existsSync(tsConfigPath) ? { tsConfig: extractTSConfig(tsConfigPath) } : {},
		);
	} finally {
		process.chdir(previous);
	}
	const { output } = result;
	const violations = output.summary.violations.map(
		(v) =>
			`${v.rule.name}: ${v.from} → ${v.cycle ? v.cycle.map((c) => c.name ?? c).join(' → ') : v.to}`,
	);

	const edges = [];
	for (const module of output.modules) {
		for (const dep of module.dependencies) {
			// A local import that resolves to nothing hides its target from every rule.
			if (dep.couldNotResolve && /^(\.|~\/)/.test(dep.module)) {
				violations.push(`not-resolvable: ${module.source} → ${dep.module}`);
			}
			if (!dep.couldNotResolve && dep.resolved.startsWith('src/'))
				edges.push([module.source, dep.resolved]);
		}
	}
	for (const file of filesUnder(join(root, 'src'), '.astro')) {
		const from = posix(relative(root, file));
		for (const specifier of astroImports(readFileSync(file, 'utf8'))) {
			const to = resolveLocal(root, file, specifier);
			if (!to) continue;
			if (!existsSync(join(root, to))) {
				violations.push(`not-resolvable: ${from} → ${specifier}`);
				continue;
			}
			edges.push([from, to]);
			for (const rule of brokenRules(rules, from, to))
				violations.push(`${rule.name}: ${from} → ${to}`);
		}
	}

	const graph = new Map();
	const example = new Map();
	for (const [from, to] of edges) {
		const a = serverUnit(from);
		const b = serverUnit(to);
		if (!a || !b || a === b) continue;
		if (!graph.has(a)) graph.set(a, new Set());
		graph.get(a).add(b);
		if (!example.has(`${a}|${b}`)) example.set(`${a}|${b}`, `${from} → ${to}`);
	}
	for (const component of cycles(graph)) {
		const links = [];
		for (const a of component)
			for (const b of component)
				if (graph.get(a)?.has(b)) links.push(`    ${example.get(`${a}|${b}`)}`);
		violations.push(`server folders in a cycle: ${component.join(', ')}\n${links.join('\n')}`);
	}
	return violations;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
	const violations = await checkDependencies(process.argv[2] ?? process.cwd());
	if (violations.length) {
		console.error(`Dependencies that run the wrong way (rules: .dependency-cruiser.cjs):\n`);
		for (const v of violations) console.error(`  ${v}`);
		console.error(`\n${violations.length} violation(s).`);
		process.exit(1);
	}
	console.log('Dependencies run one way: no violation.');
}
