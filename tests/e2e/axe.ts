import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** The rule sets the accessibility budget holds every page to (issue 12). */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/** axe's violations on the page as it is now, one line each: rule, impact, first targets. */
export async function axeViolations(page: Page): Promise<string[]> {
	const result = await new AxeBuilder({ page }).withTags(TAGS).analyze();
	return result.violations.map(
		(v) =>
			`${v.id} (${v.impact}): ${v.nodes
				.slice(0, 3)
				.map((n) => n.target.join(' '))
				.join(' | ')}`,
	);
}
