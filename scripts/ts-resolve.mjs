/**
 * Resolve hook for running the server's TypeScript under Node's type stripping: Vite lets
 * the source import './client' without an extension; Node needs the file name, so try
 * '.ts' and '/index.ts'.
 */
export async function resolve(specifier, context, next) {
	try {
		return await next(specifier, context);
	} catch (error) {
		if (!/^\.{1,2}\//.test(specifier) || /\.[cm]?[jt]s$/.test(specifier)) throw error;
		for (const suffix of ['.ts', '/index.ts']) {
			try {
				return await next(specifier + suffix, context);
			} catch {}
		}
		throw error;
	}
}
