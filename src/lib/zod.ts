import { z } from 'zod';

/**
 * zod for the server's boundaries. It no longer reaches the browser (the dependency rule
 * `no-schema-library-in-browser` and tests/e2e/js-budget.spec.ts keep it out); the guard
 * below stays for safety: under the pages' CSP (no 'unsafe-eval') zod's probe of
 * `new Function` would log a violation, so in a document it takes its path without eval.
 */
if (typeof document !== 'undefined') z.config({ jitless: true });

export { z };
