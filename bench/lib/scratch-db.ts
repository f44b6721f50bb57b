import postgres from 'postgres';

/**
 * Where a bench's run writes: `memory://` as is, or a fresh database beside the PostgreSQL
 * server URL `base`, with `drop` to remove it afterwards.
 */
export async function scratchDatabase(
	base: string,
	prefix: string,
): Promise<{ url: string; drop?: () => Promise<void> }> {
	if (base === 'memory://') return { url: base };
	const name = `${prefix}_${Date.now().toString(36)}`;
	const admin = postgres(base, { max: 1, onnotice: () => {} });
	await admin.unsafe(`CREATE DATABASE ${name}`);
	const u = new URL(base);
	u.pathname = `/${name}`;
	return {
		url: u.toString(),
		drop: async () => {
			await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
			await admin.end({ timeout: 5 });
		},
	};
}
