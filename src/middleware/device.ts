import { defineMiddleware } from 'astro:middleware';
import { detectDevice } from '../lib/device';

/** Derives the device flags once per request; pages pass what islands need as props. */
export const device = defineMiddleware((context, next) => {
	context.locals.device = detectDevice(context.request.headers.get('user-agent'));
	return next();
});
