/**
 * html-validate's "standard" preset (HTML conformance, not style) over a set of documents.
 */
import { HtmlValidate } from 'html-validate';

const validator = new HtmlValidate({ extends: ['html-validate:standard'] });

/** One message per conformance error; empty when every document is valid. */
export async function htmlValidateErrors(
	documents: { name: string; html: string }[],
): Promise<string[]> {
	const problems: string[] = [];
	for (const d of documents) {
		const report = await validator.validateString(d.html, d.name);
		for (const r of report.results)
			for (const m of r.messages) problems.push(`${d.name}: ${m.ruleId} ${m.message}`);
	}
	return problems;
}
