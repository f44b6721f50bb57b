import { config } from './config';

/**
 * Fault injection for the end-to-end tests of the error pages. Off unless the server was
 * started with TEST_FAULTS=1, and never enabled in production.
 */
export function faultsEnabled(): boolean {
	return process.env.TEST_FAULTS === '1' && config().NODE_ENV !== 'production';
}

const failingErrorPages = new WeakSet<Request>();

/** Marks a request so that rendering its error page fails too. */
export function failErrorPageFor(request: Request): void {
	if (faultsEnabled()) failingErrorPages.add(request);
}

/** Throws when the test asked for the error page itself to fail. */
export function assertErrorPageMayRender(request: Request): void {
	if (failingErrorPages.has(request)) throw new Error('Injected failure in the error page');
}
