/**
 * The console's staff from the command line (docs/cms.md):
 *
 *   npm run staff -- add --email E --role admin|editor|scorer [--name N] [--password-stdin]
 *   npm run staff -- list
 *   npm run staff -- remove --email E
 *
 * `add` without --password-stdin prints a one-use link that sets the password, so a
 * password never appears in a command line or shell history. Every change is audited
 * (actor "cli").
 */
import { register } from 'node:module';
import { parseArgs } from 'node:util';

register('./ts-resolve.mjs', import.meta.url);

const { openDatabase, setDbHandleForTests } = await import('../src/server/db/client.ts');
const { config } = await import('../src/server/config.ts');
const { addStaff, listStaff, removeStaff } = await import('../src/server/cms/staff.ts');
const { isStaffRole, STAFF_ROLES } = await import('../src/lib/cms/roles.ts');

const USAGE = `Usage:
  npm run staff -- add --email E --role ${STAFF_ROLES.join('|')} [--name N] [--password-stdin]
  npm run staff -- list
  npm run staff -- remove --email E`;

function fail(message: string): never {
	process.stderr.write(`${message}\n`);
	process.exit(1);
}

const { values, positionals } = (() => {
	try {
		return parseArgs({
			allowPositionals: true,
			options: {
				email: { type: 'string' },
				role: { type: 'string' },
				name: { type: 'string' },
				'password-stdin': { type: 'boolean' },
			},
		});
	} catch (error) {
		return fail(`${(error as Error).message}\n${USAGE}`);
	}
})();
const [command] = positionals;

async function readStdin(): Promise<string> {
	const chunks: Buffer[] = [];
	for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
	// One trailing newline is what `echo` and here-strings add, not part of the password.
	return Buffer.concat(chunks)
		.toString('utf8')
		.replace(/\r?\n$/, '');
}

if (command !== 'add' && command !== 'list' && command !== 'remove') fail(USAGE);
if (command !== 'list' && !values.email) fail(`--email is required\n${USAGE}`);
if (command === 'add' && !(values.role && isStaffRole(values.role)))
	fail(`--role must be one of ${STAFF_ROLES.join(', ')}\n${USAGE}`);

const handle = await openDatabase(config().DATABASE_URL);
setDbHandleForTests(handle);
try {
	if (command === 'add') {
		const password = values['password-stdin'] ? await readStdin() : undefined;
		const result = await addStaff({
			email: values.email!,
			role: values.role as 'admin' | 'editor' | 'scorer',
			name: values.name,
			password,
		});
		if (!result.ok) fail(`Refused: ${result.error}`);
		console.log(
			`${result.created ? 'Created' : 'Updated'} ${result.member.email} as ${result.member.roles.join(', ')}`,
		);
		if (result.setPasswordLink)
			console.log(`One-use link to set the password:\n${result.setPasswordLink}`);
	} else if (command === 'list') {
		const staff = await listStaff();
		if (staff.length === 0) console.log('No staff.');
		for (const m of staff)
			console.log(
				`${m.email}\t${m.roles.join(',')}${m.hasPassword ? '' : '\t(password not set)'}${m.disabled ? '\t(disabled)' : ''}`,
			);
	} else {
		if (!(await removeStaff(values.email!))) fail(`${values.email} is not staff.`);
		console.log(`Removed the staff roles of ${values.email}; console sessions ended.`);
	}
} finally {
	setDbHandleForTests(undefined);
	await handle.close();
}
