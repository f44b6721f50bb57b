/**
 * Which way dependencies may run (ARCHITECTURE.md §3 and §7.10). `npm run check:deps`
 * (scripts/check-deps.mjs) applies these rules to every module under src/, .astro files
 * included, and fails on any violation; it also fails when the feature folders under
 * src/server/ import each other in a circle.
 *
 * Layers, top to bottom: pages → layouts/components → islands/stores (browser) and
 * middleware → server/ features → server/ shared pieces (cache, db, config) → lib, i18n.
 * @type {import('dependency-cruiser').IConfiguration}
 */
module.exports = {
	forbidden: [
		{
			name: 'no-circular',
			comment: 'A module cycle hides which piece is the lower one.',
			severity: 'error',
			from: {},
			to: { circular: true },
		},
		{
			name: 'browser-not-server',
			comment: 'Islands and stores run in the browser: server code must never reach them.',
			severity: 'error',
			from: { path: '^src/(islands|stores|scripts)/' },
			to: { path: '^src/(server|middleware|pages|layouts|components)/' },
		},
		{
			name: 'no-schema-library-in-browser',
			comment:
				'zod is for the server (22 KB brotli in the browser): browser code checks with the ' +
				'plain rules in lib/ (lib/input.ts, lib/follows.ts isFollow), never a zod schema.',
			severity: 'error',
			from: { path: '^src/(islands|stores|scripts)/' },
			to: { path: '(^|/)node_modules/zod/|^src/lib/(zod|input-schema)\\.ts$', reachable: true },
		},
		{
			name: 'server-not-ui',
			comment: 'server/ is below every UI layer and below the request plumbing.',
			severity: 'error',
			from: { path: '^src/server/' },
			to: { path: '^src/(pages|components|layouts|islands|stores|middleware|scripts)/' },
		},
		{
			name: 'lib-is-pure',
			comment: 'lib/ and i18n/ are the floor: usable anywhere, depending on nothing above.',
			severity: 'error',
			from: { path: '^src/(lib|i18n)/' },
			to: { path: '^src/(server|pages|components|layouts|islands|stores|middleware|scripts)/' },
		},
		{
			name: 'components-no-database',
			comment: 'Components are markup: they receive ready values and never query the database.',
			severity: 'error',
			from: { path: '^src/(components|layouts)/' },
			to: { path: '^src/server/db/' },
		},
		{
			name: 'nothing-imports-pages',
			comment: 'Routes are the top: nothing imports a route.',
			severity: 'error',
			from: { pathNot: '^src/pages/' },
			to: { path: '^src/pages/' },
		},
		{
			name: 'shared-server-pieces-below-features',
			comment:
				'cache, db, config and http (the idempotency store) are shared pieces: they never reach up into a feature.',
			severity: 'error',
			from: { path: '^src/server/(cache|db|config|http)' },
			to: { path: '^src/server/(football|live|auth|payments|streams|mail|seo|content|views)/' },
		},
	],
	options: {
		tsConfig: { fileName: 'tsconfig.json' },
		doNotFollow: { path: 'node_modules' },
		tsPreCompilationDeps: true,
		enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.mjs', '.js', '.json'] },
	},
};
