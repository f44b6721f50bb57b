/** The spec's normalised error: a message and an HTTP-like status code. */
export interface NormalisedError {
	message: string;
	statusCode: number;
}

function statusOf(value: unknown): number | undefined {
	return typeof value === 'number' && Number.isInteger(value) && value >= 100 && value <= 599
		? value
		: undefined;
}

/**
 * Normalises anything thrown into `{ message, statusCode }`: the status comes from
 * `statusCode`, `status` or `response.status`, in that order, defaulting to 500.
 */
export function normaliseError(error: unknown): NormalisedError {
	if (error && typeof error === 'object') {
		const e = error as {
			message?: unknown;
			statusCode?: unknown;
			status?: unknown;
			response?: { status?: unknown };
		};
		const statusCode =
			statusOf(e.statusCode) ?? statusOf(e.status) ?? statusOf(e.response?.status) ?? 500;
		const message = typeof e.message === 'string' && e.message ? e.message : 'Error';
		return { message, statusCode };
	}
	if (typeof error === 'string' && error) return { message: error, statusCode: 500 };
	return { message: 'Error', statusCode: 500 };
}

/** The exact text the spec requires for a missing page. */
export const NOT_FOUND_MESSAGE = 'This page could not be found';
export const ERROR_PAGE_FAILED_MESSAGE = 'An error occurred while showing the error page';
