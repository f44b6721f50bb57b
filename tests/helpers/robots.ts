/**
 * robots.txt read by three independent parsers, so a test can demand that they agree:
 * - `robots-parser` (npm): RFC 9309, the longest matching rule wins;
 * - `firstMatch`: the rule order Python's urllib.robotparser applies (the first matching
 *   rule of the first group naming the agent, `*` last), ported here so `npm test` needs
 *   nothing but npm;
 * - Python's urllib.robotparser itself, when `python3` is on the machine.
 */
import { spawnSync } from 'node:child_process';
import robotsParser from 'robots-parser';

export interface Verdicts {
	rfc9309: boolean[];
	firstMatch: boolean[];
	/** Null when python3 is not installed. */
	python: boolean[] | null;
}

interface Group {
	agents: string[];
	rules: { allow: boolean; path: string }[];
}

function groupsOf(text: string): Group[] {
	const groups: Group[] = [];
	let current: Group | null = null;
	let lastWasAgent = false;
	for (const raw of text.split(/\r?\n/)) {
		const line = raw.replace(/#.*$/, '').trim();
		const at = line.indexOf(':');
		if (at < 0) continue;
		const key = line.slice(0, at).trim().toLowerCase();
		const value = line.slice(at + 1).trim();
		if (key === 'user-agent') {
			if (!current || !lastWasAgent) groups.push((current = { agents: [], rules: [] }));
			current.agents.push(value.toLowerCase());
			lastWasAgent = true;
		} else if ((key === 'allow' || key === 'disallow') && current) {
			// As Python: an empty Disallow allows everything.
			current.rules.push({
				allow: key === 'allow' || value === '',
				path: encodeURI(decodeURI(value)),
			});
			lastWasAgent = false;
		} else {
			lastWasAgent = false;
		}
	}
	return groups;
}

/** First matching rule wins; a group naming the agent before the `*` group; no match: allowed. */
export function firstMatch(text: string, path: string, agent = 'testbot'): boolean {
	const groups = groupsOf(text);
	const named = groups.find((g) =>
		g.agents.some((a) => a !== '*' && agent.toLowerCase().includes(a)),
	);
	const group = named ?? groups.find((g) => g.agents.includes('*'));
	if (!group) return true;
	const target = encodeURI(decodeURI(path)) || '/';
	for (const rule of group.rules)
		if (rule.path === '*' || target.startsWith(rule.path)) return rule.allow;
	return true;
}

function python(text: string, paths: string[], agent: string): boolean[] | null {
	const probe = spawnSync('python3', ['--version'], { encoding: 'utf8' });
	if (probe.error || probe.status !== 0) return null;
	const script = [
		'import json, sys, urllib.robotparser',
		'data = json.load(sys.stdin)',
		'rp = urllib.robotparser.RobotFileParser()',
		'rp.parse(data["text"].splitlines())',
		'print(json.dumps([rp.can_fetch(data["agent"], "http://site.test" + p) for p in data["paths"]]))',
	].join('\n');
	const run = spawnSync('python3', ['-c', script], {
		input: JSON.stringify({ text, paths, agent }),
		encoding: 'utf8',
	});
	if (run.status !== 0) throw new Error(`python3 robotparser failed: ${run.stderr}`);
	return JSON.parse(run.stdout) as boolean[];
}

/** Whether `agent` may fetch each path, according to each parser. */
export function verdicts(text: string, paths: string[], agent = 'testbot'): Verdicts {
	const rfc = robotsParser('http://site.test/robots.txt', text);
	return {
		rfc9309: paths.map((p) => rfc.isAllowed(`http://site.test${p}`, agent) !== false),
		firstMatch: paths.map((p) => firstMatch(text, p, agent)),
		python: python(text, paths, agent),
	};
}

/** Paths the site must keep crawlable or private, with the expected answer. */
export const ROBOTS_EXPECTATIONS: [string, boolean][] = [
	['/', true],
	['/en', true],
	['/en/team/argentina', true],
	['/de/league/premier-league?season=2023-24', true],
	['/fr/match/42', true],
	['/en/news', true],
	['/sitemap.xml', true],
	['/sitemap-football-1.xml', true],
	['/en/rss.xml', true],
	['/api/', false],
	['/api/v1/competitions', false],
	['/cms/', false],
	['/en/cms/login', false],
	['/en/account', false],
	['/ru/account', false],
	['/de/payment/checkout', false],
	['/pt/payment/result?checkout=1', false],
	['/it/auth/reset-password?token=x', false],
	['/account', false],
	['/payment/success', false],
];
