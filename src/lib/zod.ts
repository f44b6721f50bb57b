import { z } from 'zod';

/**
 * zod for code that also runs in the browser. The pages' CSP has no 'unsafe-eval', and
 * zod 4 probes `new Function` once to choose its compiled parsers: the browser blocks the
 * probe and logs a CSP violation (Chrome's Issues panel, Lighthouse's best practices). In
 * the browser zod takes its path without eval; the server keeps the compiled one.
 */
if (typeof document !== 'undefined') z.config({ jitless: true });

export { z };
